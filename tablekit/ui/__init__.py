"""The table app: pygame-ce scenes that read views and emit commands."""
