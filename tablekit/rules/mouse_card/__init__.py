"""The Mouse Card system: task checks drawn from a real 54-card deck."""
