package dev.blockwipe.ui.identify;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.identify.Identification;
import dev.blockwipe.devices.identify.Identifier;
import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetKind;
import dev.blockwipe.ui.Background;
import dev.blockwipe.ui.Notice;
import dev.blockwipe.ui.Services;
import dev.blockwipe.ui.tree.DeviceRow;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Identify: the selected device shows itself in its chassis for {@link #DURATION} (its locate LED,
 * or its activity LED blinking from reads), on the background executor, one identification per
 * device at a time, each with its Stop. FX thread only.
 */
public final class IdentifyModel {
    private static final Duration DURATION = Duration.ofSeconds(30);

    private final Services services;
    private final Identifier identifier;

    // ---- Properties

    private final ObservableList<Showing> showing = FXCollections.observableArrayList();
    private final ObservableList<Showing> showingView = FXCollections.unmodifiableObservableList(showing);

    /** The devices showing themselves now, in the order they were asked. */
    public ObservableList<Showing> showing() {
        return showingView;
    }

    private final ReadOnlyObjectWrapper<Notice> notice = new ReadOnlyObjectWrapper<>();

    /** Why the latest identification could not be made or ended in a failure. */
    public ReadOnlyObjectProperty<Notice> noticeProperty() {
        return notice.getReadOnlyProperty();
    }

    public IdentifyModel(Services services) {
        this.services = services;
        this.identifier = services.identifier();
    }

    // ---- Commands

    /** Why {@code row} cannot be identified now, if it cannot. */
    public Optional<String> unavailable(DeviceRow row) {
        if (row == null) {
            return Optional.of("Select a device to identify.");
        }
        String name = row.facts().name();
        if (row.facts().identity().kind() != TargetKind.BLOCK_DEVICE) {
            return Optional.of(name + " is an image file: it has no drive of its own to identify.");
        }
        if (row.removedProperty().get()) {
            return Optional.of(name + " was removed.");
        }
        if (!services.root()) {
            return Optional.of("Identifying " + name + " reads it or sets its enclosure's LED: that needs root (start"
                    + " Blockwipe with sudo).");
        }
        return showing(row).map(s -> name + " is showing itself already (Stop in the status bar).");
    }

    /** Identify: {@code row} shows itself, in the background, unless it {@link #unavailable cannot}. */
    public void identify(DeviceRow row) {
        if (unavailable(row).isPresent()) {
            return;
        }
        Showing shown = new Showing(row.key(), row.facts().name());
        showing.add(shown);
        TargetIdentity id = row.facts().identity();
        String path = row.facts().path();
        shown.ended = Background.call(services, () -> {
            try (Identification identification = identifier.open(path, new DeviceNumber(id.major(), id.minor()),
                    id.diskseq(), DURATION)) {
                String method = identification.method();
                services.fx().execute(() -> shown.method.set(method));
                return identification.run(shown.stop, instead -> services.fx().execute(() -> shown.method.set(instead)));
            }
        }).whenComplete((ranOut, failure) -> {
            showing.remove(shown);
            if (failure != null) {
                Throwable e = Background.cause(failure);
                notice.set(new Notice("Cannot identify " + shown.name, e.getMessage() != null ? e.getMessage() : e.toString(),
                        false));
            }
        });
    }

    /**
     * Stops every identification; completes on the FX thread once each has ended (its LED off
     * again), so that quitting leaves no LED lit.
     */
    public CompletableFuture<Void> stopAll() {
        CompletableFuture<?>[] ends = showing.stream().peek(Showing::stop).map(s -> s.ended).toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(ends).handle((done, failure) -> null);
    }

    /** The identification of {@code row} while it runs. */
    public Optional<Showing> showing(DeviceRow row) {
        return showing.stream().filter(s -> s.key.equals(row.key())).findFirst();
    }

    /** One device showing itself. */
    public static final class Showing {
        private final String key;
        private final String name;
        private final CancelToken stop = new CancelToken();
        private final ReadOnlyStringWrapper method = new ReadOnlyStringWrapper("opening it…");
        private CompletableFuture<Boolean> ended;

        private Showing(String key, String name) {
            this.key = key;
            this.name = name;
        }

        /** The device's kernel name. */
        public String name() {
            return name;
        }

        /** How it shows itself ("locate LED of enclosure slot 5 for 30 s"); "opening it…" until it is open. */
        public ReadOnlyStringProperty methodProperty() {
            return method.getReadOnlyProperty();
        }

        /** Ends it within a tenth of a second; its LED goes off. */
        public void stop() {
            stop.cancel();
        }
    }
}
