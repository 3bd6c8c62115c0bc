package dev.blockwipe.engine.verify;

import dev.blockwipe.engine.io.ByteRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Differences found by a read-back, collected from several reader threads: counts every differing
 * logical block, keeps the first {@link VerifyResult#MAX_RANGES} ranges by offset (adjacent blocks
 * merged), and the exact offset of the first differing byte.
 */
final class MismatchLog {
    private final TreeMap<Long, Long> ranges = new TreeMap<>();
    private long sectors;
    private long firstByte = -1;

    synchronized void add(long offset, int length, long sectorsInRange) {
        sectors += sectorsInRange;
        long start = offset;
        long end = offset + length;
        Map.Entry<Long, Long> before = ranges.floorEntry(start);
        if (before != null && before.getValue() >= start) {
            start = before.getKey();
            end = Math.max(end, before.getValue());
            ranges.remove(before.getKey());
        }
        Map.Entry<Long, Long> after = ranges.ceilingEntry(start);
        while (after != null && after.getKey() <= end) {
            end = Math.max(end, after.getValue());
            ranges.remove(after.getKey());
            after = ranges.ceilingEntry(start);
        }
        ranges.put(start, end);
        while (ranges.size() > VerifyResult.MAX_RANGES) {
            ranges.pollLastEntry();
        }
    }

    synchronized void firstByte(long offset) {
        if (firstByte < 0 || offset < firstByte) {
            firstByte = offset;
        }
    }

    synchronized long sectors() {
        return sectors;
    }

    synchronized long firstByte() {
        return firstByte;
    }

    synchronized List<ByteRange> ranges() {
        List<ByteRange> list = new ArrayList<>(ranges.size());
        ranges.forEach((start, end) -> list.add(new ByteRange(start, end - start)));
        return list;
    }
}
