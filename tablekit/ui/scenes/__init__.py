"""The screens of the table app, one module each."""
