package dev.blockwipe.linux;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether a folder keeps what is written to it past a power-off: certificates written to a RAM file
 * system are lost with it. A live system (Blockwipe's boot stick booted from a CD, or from a stick
 * without its BLOCKWIPE partition) has its root on an overlay whose writable layer is tmpfs.
 */
public final class Storage {
    private static final long TMPFS_MAGIC = 0x01021994L;
    private static final long RAMFS_MAGIC = 0x858458f6L;
    private static final int MAX_DEPTH = 8;

    private Storage() {
    }

    /**
     * Why {@code dir} (or, while it does not exist yet, the nearest folder above it) is in memory:
     * "tmpfs", "an overlay whose writable layer is on tmpfs"; empty when it is on a file system
     * that keeps its data, or that cannot be told.
     */
    public static Optional<String> inMemory(Path dir) {
        return inMemory(dir, Overlays.read(Path.of("/proc")), 0);
    }

    private static Optional<String> inMemory(Path dir, Overlays overlays, int depth) {
        Path p = dir.toAbsolutePath().normalize();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null || depth >= MAX_DEPTH) {
            return Optional.empty();
        }
        long magic = Statfs.magic(p.toString());
        if (magic == TMPFS_MAGIC || magic == RAMFS_MAGIC) {
            return Optional.of(FileSystemMagic.name(magic));
        }
        if (magic != Overlays.OVERLAYFS_SUPER_MAGIC) {
            return Optional.empty();
        }
        return overlays.upperLayer(p.toString())
                .flatMap(upper -> inMemory(Path.of(upper), overlays, depth + 1))
                .map(why -> "an overlay whose writable layer is on " + why.replaceFirst("^an overlay", "another overlay"));
    }
}
