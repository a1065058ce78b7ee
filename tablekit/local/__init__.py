"""What lives on this machine: where tablekit keeps its files, how it writes them, its settings.

This layer sits above the pure rules and session and below the devices, the
dice reader and the interface, which all read their settings and find their
files through it.
"""
