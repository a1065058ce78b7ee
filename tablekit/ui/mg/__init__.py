"""The Mouse Guard screens: the patrol, a mouse's sheet and the test builder."""
