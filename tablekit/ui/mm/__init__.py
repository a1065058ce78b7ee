"""The Mice and Mystics screens: track, cheese wheel, hourglass, dice tray, heroes."""
