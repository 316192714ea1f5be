#!/usr/bin/env python3
# Synthesises the game's short sounds as 16-bit mono WAV files, so that
# they are made here rather than taken from elsewhere. Run from this
# folder: python3 make-sounds.py
import math
import random
import struct
import wave

RATE = 22050


def click(t, pitch, decay):
    """A wooden knock: a damped tone with a little noise at the start."""
    noise = random.uniform(-1.0, 1.0) * math.exp(-t * 900.0)
    tone = math.sin(2 * math.pi * pitch * t) * math.exp(-t * decay)
    return 0.55 * tone + 0.25 * noise


def write(name, seconds, sample):
    frames = bytearray()
    for i in range(int(seconds * RATE)):
        value = max(-1.0, min(1.0, sample(i / RATE)))
        frames += struct.pack('<h', int(value * 30000))
    with wave.open(name, 'wb') as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))


random.seed(7)
write('move.wav', 0.12, lambda t: click(t, 520.0, 60.0))
write('capture.wav', 0.22,
      lambda t: click(t, 430.0, 55.0) + (click(t - 0.08, 380.0, 55.0) if t > 0.08 else 0.0))


def chime(t):
    notes = ((0.0, 523.25), (0.14, 659.25), (0.28, 783.99))
    value = 0.0
    for start, pitch in notes:
        if t >= start:
            u = t - start
            value += 0.3 * math.sin(2 * math.pi * pitch * u) * math.exp(-u * 5.0)
    return value


write('game-end.wav', 0.9, chime)
