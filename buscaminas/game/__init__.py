"""What happens in a game and what is said of it: the player's commands, the session
and its rounds, the journal of moves, hints, narration, review, and the view handed to
whatever draws it.

Nothing here loads a terminal toolkit or writes an escape sequence.
"""
