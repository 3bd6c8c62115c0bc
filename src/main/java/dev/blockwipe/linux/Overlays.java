package dev.blockwipe.linux;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.FileKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Overlay file systems give a file a second identity: the file seen through the overlay has the
 * overlay's device and inode, while its data lives in a file of the upper (or a lower) layer
 * with another device and inode. A loop device over one and a wipe of the other would each look
 * unrelated. This finds, for a file on an overlay, the layer files that may hold its data, from
 * the overlay's mount in /proc/self/mountinfo (its lowerdir and upperdir options).
 */
final class Overlays {
    /** One overlay mount: where it is, its device, and its layer directories as the options name them. */
    private record Overlay(String mountPoint, DeviceNumber device, List<String> layers) {
    }

    private final List<Overlay> overlays;

    private Overlays(List<Overlay> overlays) {
        this.overlays = overlays;
    }

    /** The overlay mounts of this mount namespace; none when mountinfo cannot be read (it blocks elsewhere). */
    static Overlays read(Path proc) {
        List<Overlay> found = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(proc.resolve("self/mountinfo"))) {
                String[] f = line.split(" ");
                int sep = List.of(f).indexOf("-");
                if (sep > 0 && sep + 3 < f.length && f[sep + 1].equals("overlay")) {
                    found.add(new Overlay(MountTable.unescape(f[4]), DeviceNumber.parse(f[2]), layers(f[sep + 3])));
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            return new Overlays(List.of());
        }
        return new Overlays(found);
    }

    /**
     * The layer files that may hold the data of a file on an overlay.
     *
     * @param device the file's device (an overlay's, or not)
     * @param path   the file's path as the kernel names it now (readlink of its descriptor, or a
     *               loop device's backing_file)
     * @return empty list when {@code device} is not an overlay; empty Optional when it is one but
     *         the layer files cannot be told (a relative layer path, a path outside the mount)
     */
    Optional<List<FileKey>> aliases(DeviceNumber device, String path) {
        Overlay o = overlays.stream().filter(x -> x.device().equals(device)).findFirst().orElse(null);
        if (o == null) {
            return Optional.of(List.of());
        }
        String prefix = o.mountPoint().endsWith("/") ? o.mountPoint() : o.mountPoint() + "/";
        if (!path.startsWith(prefix) || o.layers().isEmpty()) {
            return Optional.empty();
        }
        String relative = path.substring(prefix.length());
        List<FileKey> keys = new ArrayList<>();
        for (String layer : o.layers()) {
            if (!layer.startsWith("/")) {
                return Optional.empty();
            }
            Statx st = Statx.ofPath(Path.of(layer, relative).toString());
            if (st != null && st.isRegularFile()) {
                keys.add(new FileKey(new DeviceNumber(st.devMajor(), st.devMinor()), st.inode()));
            } else if (st == null && Errno.last() != Errno.ENOENT && Errno.last() != Errno.ENOTDIR) {
                return Optional.empty();
            }
        }
        return Optional.of(keys);
    }

    /** lowerdir=a:b (colons escaped as \:), upperdir=u; other options ignored. */
    private static List<String> layers(String options) {
        List<String> layers = new ArrayList<>();
        for (String option : options.split(",")) {
            if (option.startsWith("lowerdir=")) {
                for (String dir : option.substring("lowerdir=".length()).split("(?<!\\\\):")) {
                    layers.add(MountTable.unescape(dir.replace("\\:", ":")));
                }
            } else if (option.startsWith("upperdir=")) {
                layers.add(MountTable.unescape(option.substring("upperdir=".length())));
            }
        }
        return layers;
    }
}
