#!/usr/bin/env bash
# Times a full inventory scan of 16 disks x 4 partitions on a fake sysfs tree.
# Usage: src/bench/inventory-scan.sh   (any user; builds the test classes first)
set -euo pipefail
cd "$(dirname "$0")/../.."
mvn -q -B -DskipTests test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.classpath >/dev/null
java -cp "target/test-classes:target/classes:$(cat target/bench.classpath)" dev.blockwipe.bench.InventoryScanBenchmark
