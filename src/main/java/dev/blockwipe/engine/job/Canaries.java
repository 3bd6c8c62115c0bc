package dev.blockwipe.engine.job;

import dev.blockwipe.engine.firmware.FirmwareRecord;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.TargetInfo;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import java.util.random.RandomGenerator;

/**
 * The proof of a firmware erase beyond the drive's word: random blocks written before it at
 * stratified pseudorandom positions (one in each of {@link #COUNT} equal strata, the first and last
 * block of the target always among them), each remembered by its SHA-256, and read back after it
 * from the device (the page cache dropped). A drive that erased them changed every one; a drive
 * that answered "success" and did nothing changed none.
 */
final class Canaries {
    /** Canaries per target: the strata a drive that erased only part of itself would have to miss. */
    static final int COUNT = 64;
    private static final int MIN_BLOCK = 4096;

    private final BlockTarget target;
    private final int blockBytes;
    private final List<Long> offsets;
    private final List<byte[]> hashes = new ArrayList<>();

    private Canaries(BlockTarget target, int blockBytes, List<Long> offsets) {
        this.target = target;
        this.blockBytes = blockBytes;
        this.offsets = offsets;
    }

    /** Writes the canaries and syncs them to the device. */
    static Canaries plant(BlockTarget target, RandomGenerator random) throws IOException {
        TargetInfo info = target.info();
        int block = Math.max(MIN_BLOCK, Math.max(info.logicalBlockSize(), info.physicalBlockSize()));
        Canaries canaries = new Canaries(target, block, positions(info.size() / block, random).stream()
                .map(b -> b * block).toList());
        ByteBuffer buffer = target.allocate(block);
        byte[] bytes = new byte[block];
        for (long offset : canaries.offsets) {
            random.nextBytes(bytes);
            canaries.hashes.add(sha256(bytes));
            buffer.clear();
            buffer.put(bytes).flip();
            target.write(offset, buffer);
        }
        target.sync();
        return canaries;
    }

    /** The blocks: every one of a small target, else the first, the last and one in each stratum between. */
    static List<Long> positions(long blocks, RandomGenerator random) {
        TreeSet<Long> chosen = new TreeSet<>();
        if (blocks <= COUNT) {
            for (long b = 0; b < blocks; b++) {
                chosen.add(b);
            }
            return List.copyOf(chosen);
        }
        chosen.add(0L);
        chosen.add(blocks - 1);
        long inner = blocks - 2;
        int strata = COUNT - 2;
        for (int i = 0; i < strata; i++) {
            long from = 1 + inner * i / strata;
            long to = 1 + inner * (i + 1) / strata;
            chosen.add(from + random.nextLong(to - from));
        }
        return List.copyOf(chosen);
    }

    /** The canaries as planted, none read back yet. */
    FirmwareRecord.Canaries planted() {
        List<FirmwareRecord.Canary> all = new ArrayList<>();
        for (int i = 0; i < offsets.size(); i++) {
            all.add(new FirmwareRecord.Canary(offsets.get(i), HexFormat.of().formatHex(hashes.get(i)), false));
        }
        return new FirmwareRecord.Canaries(blockBytes, all);
    }

    /** Reads every canary back from the device and says which changed. */
    FirmwareRecord.Canaries readBack() throws IOException {
        target.dropCache();
        ByteBuffer buffer = target.allocate(blockBytes);
        byte[] bytes = new byte[blockBytes];
        List<FirmwareRecord.Canary> all = new ArrayList<>();
        for (int i = 0; i < offsets.size(); i++) {
            buffer.clear();
            target.read(offsets.get(i), buffer);
            buffer.get(0, bytes);
            all.add(new FirmwareRecord.Canary(offsets.get(i), HexFormat.of().formatHex(hashes.get(i)),
                    !Arrays.equals(sha256(bytes), hashes.get(i))));
        }
        return new FirmwareRecord.Canaries(blockBytes, all);
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
