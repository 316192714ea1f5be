#!/usr/bin/env python3
# One czech game of about SIZE_MB megabytes: a white and a black king
# going back and forth from a FEN, unfinished. Usage: long-game.py SIZE_MB
import sys

size = float(sys.argv[1]) * 1_000_000
out = ['[Event "Long game"]\n[GameType "29"]\n[FEN "W:WKc1:BKh8"]\n\n']
white = ("c1-d2", "d2-c1")
black = ("h8-g7", "g7-h8")
written = len(out[0])
line = []
n = 0
while written < size:
    n += 1
    pair = "%d. %s %s" % (n, white[(n - 1) % 2], black[(n - 1) % 2])
    line.append(pair)
    written += len(pair) + 1
    if len(line) == 6:
        out.append(" ".join(line) + "\n")
        line = []
out.append(" ".join(line) + " *\n")
sys.stdout.write("".join(out))
