package dev.blockwipe.engine.io;

import java.util.List;

/** The requests of one sweep over a target, in offset order. */
public interface ChunkPlan {
    long count();

    Chunk chunk(long index);

    long totalBytes();

    /** The length of a whole request of this plan (the first and the last one may be shorter). */
    int requestBytes();

    /** Consecutive chunks covering [0, size): the first {@code firstLength} long, the others {@code blockSize}. */
    static ChunkPlan sequential(long size, int blockSize, long firstLength) {
        return new Sequential(size, blockSize, Math.min(firstLength, size));
    }

    /**
     * {@code target} in requests of {@code blockSize} that end on boundaries of its whole disk: 1
     * MiB when the block size is a multiple of it, otherwise the physical block. A target that
     * starts between two boundaries (a partition at sector 1) gets a short first request up to the
     * next one, so that every later one is aligned on the disk itself. A pass writes
     * and its read-back reads by the same plan: on a 512e disk a read across a physical block costs
     * the disk two, as a write does.
     */
    static ChunkPlan onDisk(TargetInfo target, int blockSize) {
        int mib = 1 << 20;
        int unit = blockSize % mib == 0 ? mib
                : blockSize % target.physicalBlockSize() == 0 ? target.physicalBlockSize()
                : target.logicalBlockSize();
        long misalignment = target.diskOffset() % unit;
        return sequential(target.size(), blockSize, misalignment == 0 ? blockSize : unit - misalignment);
    }

    /**
     * The chunks of {@code plan} from the one that starts at {@code offset} (a checkpoint is always
     * where a chunk starts, as it is the end of the completed prefix).
     *
     * @throws IllegalArgumentException when no chunk starts there
     */
    static ChunkPlan from(ChunkPlan plan, long offset) {
        long lo = 0;
        long hi = plan.count();
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (plan.chunk(mid).offset() < offset) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if (lo < plan.count() ? plan.chunk(lo).offset() != offset : offset != plan.totalBytes()) {
            throw new IllegalArgumentException("no request starts at offset " + offset + ": not a checkpoint of this plan");
        }
        long skip = lo;
        long skipped = offset;
        return new ChunkPlan() {
            @Override
            public long count() {
                return plan.count() - skip;
            }

            @Override
            public Chunk chunk(long index) {
                return plan.chunk(skip + index);
            }

            @Override
            public long totalBytes() {
                return plan.totalBytes() - skipped;
            }

            @Override
            public int requestBytes() {
                return plan.requestBytes();
            }
        };
    }

    /** Consecutive chunks covering [offset, offset + length). */
    static ChunkPlan span(long offset, long length, int blockSize) {
        return new Span(offset, length, blockSize);
    }

    /** The explicit chunks of a sample, sorted by offset and not overlapping. */
    static ChunkPlan listed(List<Chunk> chunks) {
        return new Listed(List.copyOf(chunks));
    }

    record Sequential(long size, int blockSize, long firstLength) implements ChunkPlan {
        @Override
        public int requestBytes() {
            return blockSize;
        }

        @Override
        public long count() {
            long rest = size - firstLength;
            return (firstLength > 0 ? 1 : 0) + (rest + blockSize - 1) / blockSize;
        }

        @Override
        public Chunk chunk(long index) {
            if (index == 0 && firstLength > 0) {
                return new Chunk(0, (int) firstLength);
            }
            long offset = firstLength + (index - (firstLength > 0 ? 1 : 0)) * blockSize;
            return new Chunk(offset, (int) Math.min(blockSize, size - offset));
        }

        @Override
        public long totalBytes() {
            return size;
        }
    }

    record Span(long offset, long length, int blockSize) implements ChunkPlan {
        @Override
        public int requestBytes() {
            return blockSize;
        }

        @Override
        public long count() {
            return (length + blockSize - 1) / blockSize;
        }

        @Override
        public Chunk chunk(long index) {
            long start = index * blockSize;
            return new Chunk(offset + start, (int) Math.min(blockSize, length - start));
        }

        @Override
        public long totalBytes() {
            return length;
        }
    }

    record Listed(List<Chunk> chunks) implements ChunkPlan {
        @Override
        public int requestBytes() {
            return chunks.stream().mapToInt(Chunk::length).max().orElse(0);
        }

        @Override
        public long count() {
            return chunks.size();
        }

        @Override
        public Chunk chunk(long index) {
            return chunks.get((int) index);
        }

        @Override
        public long totalBytes() {
            return chunks.stream().mapToLong(Chunk::length).sum();
        }
    }
}
