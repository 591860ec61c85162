"""The Birds of Prey play-aid tables: one module per table family (its schema, its shipped
file and its loader) and :func:`load_bop_tables`, which reads them all into one
:class:`BopTables`, the shipped set or a player's folder over it."""

from models.bop_tables.bundle import (
    TABLE_FILES,
    BopTables,
    load_bop_tables,
    playing_with,
    shipped_bop_tables,
    tables_in_play,
)

__all__ = [
    "TABLE_FILES",
    "BopTables",
    "load_bop_tables",
    "playing_with",
    "shipped_bop_tables",
    "tables_in_play",
]
