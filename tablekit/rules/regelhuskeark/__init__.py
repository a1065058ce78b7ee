"""Regelhuskeark: the Danish rabbit hack, played on the Mouse Guard engine by its ruleset."""
