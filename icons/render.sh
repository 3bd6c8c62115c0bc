#!/bin/sh
# Renders blockwipe.svg to the PNGs beside it (checked in, so the build needs no renderer).
# Needs rsvg-convert (Debian: librsvg2-bin).
set -eu
cd "$(dirname "$0")"
for size in 16 24 32 48 64 128 256 512; do
    rsvg-convert --width "$size" --height "$size" --output "blockwipe-$size.png" blockwipe.svg
done
