"""What lasts beyond one game and what comes in from files: the games kept in SQLite,
their statistics, the remembered preferences, share codes, board files and presets.

The game reaches these through their functions and value types; they know nothing of
the game loop or the terminal.
"""
