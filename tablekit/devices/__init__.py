"""Devices turn raw input into commands and deliver camera frames; one backend per module.

Hardware libraries (picamera2, OpenCV, gpiozero, pyserial) are imported only
inside the backend that needs them, so importing this package is cheap.
"""
