"""The Mouse Card screens: the table, the drawn cards and the GM's forms."""
