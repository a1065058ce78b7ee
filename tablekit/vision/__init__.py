"""Pure functions from a camera frame (a numpy array) to a dice reading.

Nothing here talks to a camera; :mod:`tablekit.devices.camera` only delivers
frames. Importing this package is cheap: OpenCV and NumPy load when a reader
first runs.
"""
