package dev.blockwipe.ui;

import dev.blockwipe.devices.DeviceEvents;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.Settings;
import dev.blockwipe.testing.Sh;
import dev.blockwipe.ui.tree.DeviceRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;
import javafx.scene.control.TreeTableView;
import javafx.stage.Stage;

/**
 * The main window over this machine's own devices, opened as the application opens it (the real
 * inventory, the kernel's device events, the window's own dialogs), for tests outside this
 * package: the lab's scenarios in the guest. Its papers go to a folder of its own. It notes when
 * the kernel's block-device events reach the watcher and how long each inventory scan takes, so
 * that a test can tell the parts of a change's latency apart.
 */
public final class TheWindow implements AutoCloseable {
    private final MainViewModel vm;
    private final Services services;
    private final Path papers;
    private final ConcurrentLinkedQueue<Long> deviceEvents = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Long> scanMillis = new ConcurrentLinkedQueue<>();
    private long started;
    private TreeTableView<DeviceRow> tree;

    private TheWindow(Path papers, Services linux, Stage stage) {
        this.papers = papers;
        DeviceEvents noted = changed -> linux.events().listen(() -> {
            deviceEvents.add(System.nanoTime());
            changed.run();
        });
        InventorySource timed = new InventorySource() {
            @Override
            public DeviceInventory scan() throws IOException {
                return scan(n -> true);
            }

            @Override
            public DeviceInventory scan(Predicate<DeviceNumber> probed) throws IOException {
                long t = System.nanoTime();
                try {
                    return linux.inventory().scan(probed);
                } finally {
                    scanMillis.add((System.nanoTime() - t) / 1_000_000);
                }
            }
        };
        this.services = new Services(timed, linux.fingerprint(), noted, linux.opener(), linux.root(), linux.testDisks(),
                linux.keystreams(), linux.buffers(), linux.jobThreads(), linux.settings(), linux.host(), linux.storage(), linux.network(), linux.fx(),
                linux.background(), linux.identifier());
        this.vm = new MainViewModel(services, new FxDialogs(stage));
    }

    /** Opens the window on {@code stage} and starts watching the devices. FX thread (a TestFX {@code @Start}). */
    @SuppressWarnings("unchecked")
    public static TheWindow open(Stage stage) throws IOException {
        Path papers = Files.createTempDirectory("blockwipe-window");
        TheWindow window = new TheWindow(papers, BlockwipeApp.linuxServices(new Settings(papers.resolve("config"),
                papers.resolve("reports"), papers.resolve("journals"), new Operator("Lab Operator", "Blockwipe lab"),
                Sh.uid())), stage);
        MainView view = new MainView(window.vm, stage, (path, problem) -> { });
        stage.setScene(view.scene());
        stage.show();
        window.tree = (TreeTableView<DeviceRow>) stage.getScene().lookup(".tree-table-view");
        window.started = System.nanoTime();
        view.start();
        return window;
    }

    public MainViewModel vm() {
        return vm;
    }

    public Services services() {
        return services;
    }

    /** The device tree's control, whose rows are what the user sees. */
    public TreeTableView<DeviceRow> tree() {
        return tree;
    }

    /** When the window started watching the devices (its first scan), by {@link System#nanoTime}. */
    public long started() {
        return started;
    }

    /** When each block-device event so far reached the watcher, by {@link System#nanoTime}, in order. */
    public List<Long> deviceEvents() {
        return List.copyOf(deviceEvents);
    }

    /** How long each inventory scan of the window (the watcher's, Wipe…'s, each job's) took, in milliseconds. */
    public List<Long> scans() {
        return List.copyOf(scanMillis);
    }

    /** The row of the device named {@code name} that is not shown as removed, if the tree has one. FX thread. */
    public Optional<DeviceRow> row(String name) {
        return vm.devices().rows().stream().filter(r -> r.facts().name().equals(name) && !r.removedProperty().get())
                .findFirst();
    }

    @Override
    public void close() throws IOException {
        vm.close();
        try (var files = Files.walk(papers)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
