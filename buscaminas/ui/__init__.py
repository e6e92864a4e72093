"""Drawing and input: the static renderer, the terminal and pipe front ends, keys and
clicks, and the replay viewer.

Nothing here places a mine or decides a rule: it shows the game's views and hands the
player's keys, clicks and lines to the game as commands.
"""
