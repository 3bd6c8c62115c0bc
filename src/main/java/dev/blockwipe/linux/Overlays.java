package dev.blockwipe.linux;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.FileKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Overlay file systems give a file a second identity: the file seen through the overlay has the
 * overlay's device and inode (or, when its layers are on different file systems, a device of its
 * own for each of them, which no mount names), while its data lives in a file of the upper (or a
 * lower) layer with another device and inode. A loop device over one and a wipe of the other would
 * each look unrelated. This ties them, from the mounts in /proc/self/mountinfo: a file's overlay is
 * the mount its path leads through, and that mount's root within the overlay and its
 * lowerdir/upperdir/datadir give the layer files that may hold its data, and the other way round
 * the overlay files that may show a layer file. Where that cannot be told exactly (an overlay not
 * mounted in this namespace, a layer directory that is not there from here, as when the overlay was
 * mounted in another root or namespace, layers named by relative paths, redirect_dir or metacopy,
 * which move data away from the same relative path), the answer is "cannot tell", never "none".
 */
final class Overlays {
    /** statfs f_type of overlayfs, from {@code <linux/magic.h>}. */
    static final long OVERLAYFS_SUPER_MAGIC = 0x794c7630L;
    private static final int MAX_DEPTH = 8;

    /** One mount of an overlay: where it is, what part of the overlay it shows, its layers, the writable one (or null). */
    private record Overlay(String root, String mountPoint, List<String> layers, String upper, boolean exact) {
    }

    /** A mount point, and the overlay mounted there (null for any other file system). */
    private record Point(String mountPoint, Overlay overlay) {
    }

    private final List<Point> points;
    private final Map<DeviceNumber, String> types;

    private Overlays(List<Point> points, Map<DeviceNumber, String> types) {
        this.points = points;
        this.types = types;
    }

    /**
     * The overlay mounts of this mount namespace, and the type of every mounted device; none when
     * mountinfo cannot be read (that blocks every target elsewhere).
     */
    static Overlays read(Path proc) {
        List<Point> found = new ArrayList<>();
        Map<DeviceNumber, String> types = new HashMap<>();
        try {
            for (String line : Files.readAllLines(proc.resolve("self/mountinfo"))) {
                String[] f = line.split(" ");
                int sep = List.of(f).indexOf("-");
                if (sep > 4 && sep + 1 < f.length) {
                    types.putIfAbsent(DeviceNumber.parse(f[2]), f[sep + 1]);
                    boolean overlay = sep + 3 < f.length && f[sep + 1].equals("overlay");
                    found.add(new Point(MountTable.unescape(f[4]), overlay ? overlay(f, f[sep + 3]) : null));
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            return new Overlays(List.of(), Map.of());
        }
        return new Overlays(found, types);
    }

    /** The type of the file system mounted from {@code device} here ("overlay", "btrfs"), if one is. */
    Optional<String> mountedType(DeviceNumber device) {
        return Optional.ofNullable(types.get(device));
    }

    private static Overlay overlay(String[] f, String options) {
        List<String> layers = new ArrayList<>();
        String upper = null;
        boolean exact = true;
        for (String option : options.split(",")) {
            String[] kv = option.split("=", 2);
            String value = kv.length == 2 ? MountTable.unescape(kv[1]) : "";
            switch (kv[0]) {
                case "lowerdir" -> {
                    for (String dir : value.split("(?<!\\\\):")) {
                        layers.add(dir.replace("\\:", ":"));
                    }
                }
                case "lowerdir+", "datadir+" -> layers.add(value);
                case "upperdir" -> {
                    layers.add(value);
                    upper = value;
                }
                case "redirect_dir" -> exact &= value.equals("off") || value.equals("nofollow");
                case "metacopy" -> exact &= !value.equals("on");
                default -> {
                }
            }
        }
        return new Overlay(MountTable.unescape(f[3]), MountTable.unescape(f[4]), layers, upper, exact);
    }

    /**
     * The other identities of a file's data, both ways: the layer files of an overlay file (and of
     * theirs, for overlays on overlays), and the overlay files that show a layer file.
     *
     * @param onOverlay the file is on an overlay (statfs says so), whether or not its mount is here
     * @param path      the file's path as the kernel names it now (readlink of its descriptor, or a
     *                  loop device's backing_file), which the caller has found to lead to the file
     * @return empty Optional when the file is on an overlay whose layer files cannot be told
     */
    Optional<List<FileKey>> aliases(boolean onOverlay, String path) {
        Set<FileKey> keys = new LinkedHashSet<>();
        if (onOverlay && !layerFiles(path, keys, 0)) {
            return Optional.empty();
        }
        overlayFiles(path, keys);
        return Optional.of(List.copyOf(keys));
    }

    /** Adds the layer files of an overlay file; false when they cannot be told. */
    private boolean layerFiles(String path, Set<FileKey> keys, int depth) {
        Overlay o = overlayOf(path);
        if (o == null || !o.exact() || depth >= MAX_DEPTH || o.layers().isEmpty()) {
            return false;
        }
        String relative = relative(o, path);
        for (String layer : o.layers()) {
            Statx dir = layer.startsWith("/") ? Statx.ofPath(layer) : null;
            if (dir == null || !dir.isDirectory()) {
                return false;
            }
            String file = Path.of(layer, relative).toString();
            Statx st = Statx.ofPath(file);
            if (st == null) {
                int errno = Errno.last();
                if (errno != Errno.ENOENT && errno != Errno.ENOTDIR) {
                    return false;
                }
                continue;
            }
            if (st.isRegularFile()) {
                keys.add(new FileKey(new DeviceNumber(st.devMajor(), st.devMinor()), st.inode()));
                if (overlayOf(file) != null && !layerFiles(file, keys, depth + 1)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The overlay a path leads through: the mount with the longest mount point the path is in (of
     * two on one mount point, the later is on top), when that is an overlay; else null.
     */
    /** The writable layer (upperdir) of the overlay {@code path} leads through; empty when it is on none or that has none. */
    Optional<String> upperLayer(String path) {
        return Optional.ofNullable(overlayOf(path)).map(Overlay::upper);
    }

    private Overlay overlayOf(String path) {
        Point best = null;
        for (Point p : points) {
            if (inside(p.mountPoint(), path) && (best == null || p.mountPoint().length() >= best.mountPoint().length())) {
                best = p;
            }
        }
        return best == null ? null : best.overlay();
    }

    private static boolean inside(String mountPoint, String path) {
        return path.startsWith(mountPoint.endsWith("/") ? mountPoint : mountPoint + "/");
    }

    /** The path of a file on an overlay relative to the overlay's root, for a path inside this mount. */
    private static String relative(Overlay o, String path) {
        String root = o.root().replaceFirst("^/+", "");
        String rest = path.substring(o.mountPoint().endsWith("/") ? o.mountPoint().length() : o.mountPoint().length() + 1);
        return root.isEmpty() ? rest : root + "/" + rest;
    }

    /** Adds the overlay files that show a file of one of their layers. */
    private void overlayFiles(String path, Set<FileKey> keys) {
        for (Point p : points) {
            Overlay o = p.overlay();
            if (o == null) {
                continue;
            }
            String root = o.root().replaceFirst("^/+", "");
            for (String layer : o.layers()) {
                String prefix = layer.endsWith("/") ? layer : layer + "/";
                if (!layer.startsWith("/") || !path.startsWith(prefix)) {
                    continue;
                }
                String inOverlay = path.substring(prefix.length());
                if (!root.isEmpty() && !inOverlay.startsWith(root + "/")) {
                    continue;
                }
                String shown = Path.of(o.mountPoint(), root.isEmpty() ? inOverlay : inOverlay.substring(root.length() + 1))
                        .toString();
                Statx st = Statx.ofPath(shown);
                if (st != null && st.isRegularFile()) {
                    keys.add(new FileKey(new DeviceNumber(st.devMajor(), st.devMinor()), st.inode()));
                }
            }
        }
    }
}
