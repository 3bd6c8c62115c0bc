#!/usr/bin/python3
"""ppm2png.py IN.ppm OUT.png: QEMU's screendump (binary PPM) as a PNG, with the standard library only."""
import struct
import sys
import zlib

with open(sys.argv[1], "rb") as f:
    data = f.read()
magic, width, height, maxval, pixels = data.split(maxsplit=4)
assert magic == b"P6" and maxval == b"255", "not an 8-bit binary PPM"
width, height = int(width), int(height)
rows = b"".join(b"\0" + pixels[y * width * 3:(y + 1) * width * 3] for y in range(height))


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)


with open(sys.argv[2], "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
