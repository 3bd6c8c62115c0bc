package dev.blockwipe.engine.fault;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.io.ByteRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The bad ranges of one job, from all its worker threads and runs: what could not be written, and
 * what could not be read back. Ranges of one stage that touch are merged; a range is never counted
 * as written or verified. A merged range keeps the pass it was first found in.
 */
public final class BadSectors {
    private final TreeMap<Long, BadRange> written = new TreeMap<>();
    private final TreeMap<Long, BadRange> unreadable = new TreeMap<>();
    private long wholeRanges;
    private long wholeBytes;

    /** Starts from the bad ranges of earlier runs (a resumed job). */
    public BadSectors(List<BadRange> known) {
        known.forEach(this::add);
    }

    public BadSectors() {
        this(List.of());
    }

    public synchronized void add(BadRange r) {
        TreeMap<Long, BadRange> map = r.stage() == Stage.VERIFY ? unreadable : written;
        long start = r.offset();
        long end = r.end();
        int pass = r.pass();
        Map.Entry<Long, BadRange> before = map.floorEntry(start);
        if (before != null && before.getValue().end() >= start) {
            start = before.getKey();
            end = Math.max(end, before.getValue().end());
            pass = Math.min(pass, before.getValue().pass());
            map.remove(before.getKey());
        }
        for (Map.Entry<Long, BadRange> after = map.ceilingEntry(start); after != null && after.getKey() <= end;
             after = map.ceilingEntry(start)) {
            end = Math.max(end, after.getValue().end());
            pass = Math.min(pass, after.getValue().pass());
            map.remove(after.getKey());
        }
        map.put(start, new BadRange(start, end - start, r.error(), pass, r.stage()));
    }

    /**
     * A range counted bad as a whole: none of the sectors tried across it went through, so its
     * sectors were not each tried (see {@link MediaErrors}).
     */
    public synchronized void addWhole(BadRange r) {
        add(r);
        wholeRanges++;
        wholeBytes += r.length();
    }

    /**
     * What was counted bad as a whole, for a warning that the bad sectors in it were not each
     * tried; null when nothing was.
     */
    public synchronized String wholeRanges() {
        return wholeRanges == 0 ? null : wholeRanges + (wholeRanges == 1 ? " range" : " ranges") + " ("
                + Units.bytes(wholeBytes) + ") counted bad as a whole: none of the " + MediaErrors.PROBES
                + " sectors tried across " + (wholeRanges == 1 ? "it" : "each") + " went through, so the others were not"
                + " tried one by one";
    }

    /** Bad ranges so far, merged: what could not be written, then what could not be read back. */
    public synchronized List<BadRange> ranges() {
        List<BadRange> all = new ArrayList<>(written.values());
        all.addAll(unreadable.values());
        return all;
    }

    public synchronized int count() {
        return written.size() + unreadable.size();
    }

    public synchronized long bytes() {
        return ranges().stream().mapToLong(BadRange::length).sum();
    }

    /** The parts of [offset, offset + length) that are not known to be bad, in order. */
    public synchronized List<ByteRange> goodParts(long offset, long length) {
        List<ByteRange> good = new ArrayList<>();
        long pos = offset;
        long end = offset + length;
        List<BadRange> bad = new ArrayList<>();
        for (TreeMap<Long, BadRange> map : List.of(written, unreadable)) {
            Map.Entry<Long, BadRange> first = map.floorEntry(offset);
            bad.addAll(map.subMap(first != null ? first.getKey() : offset, true, end, false).values());
        }
        bad.sort((a, b) -> Long.compare(a.offset(), b.offset()));
        for (BadRange r : bad) {
            if (r.end() <= pos || r.offset() >= end) {
                continue;
            }
            if (r.offset() > pos) {
                good.add(new ByteRange(pos, r.offset() - pos));
            }
            pos = Math.max(pos, r.end());
        }
        if (pos < end) {
            good.add(new ByteRange(pos, end - pos));
        }
        return good;
    }
}
