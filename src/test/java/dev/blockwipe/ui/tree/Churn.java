package dev.blockwipe.ui.tree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.FakeSysfs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A bench where loop devices come and go, as on the bench of issue 38: in a fake sysfs, loop
 * devices are attached (each time with a new disk sequence number and backing file, so loop6
 * attached again is another device under the same name), detached, and get and lose partitions;
 * the scanner lists them in natural order, so a new one lands above or below the others. It also
 * plays the user's part in the record: which device the user selected and which ones they ticked,
 * by key, against which {@link #check} holds the tree after every step.
 */
public final class Churn {
    /** Loop numbers in use: loop0 … loop19, so that names sort naturally, not as text (loop10 after loop9). */
    private static final int LOOPS = 20;
    private static final int PARTITIONS = 3;

    private final FakeSysfs sys;
    private final Path files;
    private final Random random;
    private final Map<Integer, FakeSysfs.Disk> attached = new HashMap<>();
    private long diskseq = 100;

    /** The key of the row the user selected last, or null when nothing is (or the tree cleared it). */
    private String selectedKey;
    /** The keys of the rows the user ticked and did not untick since. */
    private final Set<String> ticked = new HashSet<>();

    public Churn(FakeSysfs sys, Path files, long seed) {
        this.sys = sys;
        this.files = files;
        this.random = new Random(seed);
    }

    public Random random() {
        return random;
    }

    /** Attaches up to eight loop devices to start with, some with partitions. */
    public Churn bench() {
        for (int i = 0; i < 8; i++) {
            attach(random.nextInt(LOOPS));
        }
        return this;
    }

    /** One change of the devices: attach, detach, attach again under the same name, or a partition comes or goes. */
    public void step() {
        int n = random.nextInt(LOOPS);
        int what = random.nextInt(10);
        if (!attached.containsKey(n)) {
            attach(n);
        } else if (what < 3) {
            detach(n);
        } else if (what < 5) {
            detach(n);
            attach(n);
        } else {
            int p = 1 + random.nextInt(PARTITIONS);
            Path dir = attached.get(n).dir().resolve(partitionName(n, p));
            if (Files.isDirectory(dir)) {
                delete(dir);
            } else {
                attached.get(n).partition(p, 2048L * p, 1000);
            }
        }
    }

    private void attach(int n) {
        try {
            Path backing = Files.createFile(files.resolve("backing-" + diskseq + ".img"));
            FakeSysfs.Disk disk = sys.disk(FakeSysfs.virtual("loop" + n), "7:" + n * 16).sectors(2048)
                    .attr("diskseq", diskseq++).backingFile(backing.toString());
            for (int p = 1; p <= PARTITIONS; p++) {
                if (random.nextBoolean()) {
                    disk.partition(p, 2048L * p, 1000);
                }
            }
            attached.put(n, disk);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void detach(int n) {
        FakeSysfs.Disk disk = attached.remove(n);
        try {
            Files.delete(sys.root().resolve("block/loop" + n));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        delete(disk.dir());
    }

    private static String partitionName(int n, int p) {
        return "loop" + n + "p" + p;
    }

    private static void delete(Path dir) {
        try (Stream<Path> tree = Files.walk(dir)) {
            for (Path f : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A frame now or up to five seconds on: removed rows linger, then go. */
    public void frame(DeviceTreeModel tree) {
        tree.dropRemoved(System.nanoTime() + (long) (random.nextDouble() * DeviceTreeModel.REMOVED_SHOWN));
    }

    /** The user selected {@code row} (null: nothing). */
    public void selected(DeviceRow row) {
        selectedKey = row == null ? null : row.key();
    }

    /** The user ticked or unticked {@code row}, which the tree allowed when it is checked now. */
    public void ticked(DeviceRow row) {
        if (row.checkedProperty().get()) {
            ticked.add(row.key());
        } else {
            ticked.remove(row.key());
        }
    }

    /**
     * What must hold after every step: the selection is the row the user selected, by key, as
     * long as that device is there, and nothing else ever (when it is gone the tree selects
     * nothing and Details says so); a row is ticked only if the user ticked that device, and
     * stays ticked while it is there; each name shows once among its siblings.
     */
    public void check(DeviceTreeModel tree) {
        DeviceRow selected = tree.selectedProperty().get();
        List<DeviceRow> all = new ArrayList<>();
        tree.rows().forEach(r -> {
            all.add(r);
            all.addAll(r.children());
        });
        if (selected == null) {
            if (selectedKey != null) {
                assertThat(all).as("the selected device's row is gone or shown as removed").noneMatch(r -> r.key()
                        .equals(selectedKey) && !r.removedProperty().get());
                assertThat(tree.details()).first().extracting(f -> f.key()).isEqualTo("removed");
                selectedKey = null;
            }
        } else {
            assertThat(selected.key()).as("the selection is the device the user selected").isEqualTo(selectedKey);
            assertThat(all).as("the selected row is in the tree").contains(selected);
        }
        ticked.retainAll(all.stream().filter(r -> !r.removedProperty().get()).map(DeviceRow::key).toList());
        for (DeviceRow row : all) {
            assertThat(row.checkedProperty().get()).as("ticked by the user, and still there: " + row.key())
                    .isEqualTo(ticked.contains(row.key()) && !row.removedProperty().get());
        }
        assertNamesOnce(tree.rows());
        tree.rows().forEach(r -> assertNamesOnce(r.children()));
    }

    private static void assertNamesOnce(List<DeviceRow> rows) {
        assertThat(rows.stream().map(r -> r.facts().name())).as("one row per name").doesNotHaveDuplicates();
    }
}
