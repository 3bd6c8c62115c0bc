#!/usr/bin/env bash
# In the lab's guest: runs scenario classes (dev.blockwipe.lab.*InGuest) with the test classpath
# the host wrote into CLASSPATH_FILE, as the window tests run on the host (Monocle, headless).
#   guest.sh CLASSPATH_FILE CLASS...
set -u
classpath=$(cat "$1")
# a crash report lands beside the classpath file: the host's test folder, kept when the test fails
errors=$(dirname "$1")
shift
exec "${JAVA:-java}" -Dtestfx.robot=glass -Dtestfx.headless=true -Dglass.platform=Monocle -Dmonocle.platform=Headless \
  -Dheadless.geometry=1600x1200-32 -Dprism.order=sw -Dprism.text=t2k -Djava.awt.headless=true \
  -XX:ErrorFile="$errors/hs_err_pid%p.log" -Dblockwipe.jar="${BLOCKWIPE_JAR:-}" -cp "$classpath" dev.blockwipe.lab.GuestMain "$@"
