package dev.blockwipe.ui.certificates;

import dev.blockwipe.report.CertificateListing;
import dev.blockwipe.report.ReportStore;
import dev.blockwipe.report.Settings;
import dev.blockwipe.ui.Background;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The certificates in the reports directory: list them, check their signatures. Reading them
 * (hundreds, on a busy station) runs on the background executor; the list changes on the FX thread.
 */
public final class ReportsViewModel {
    private final Settings settings;
    private final Callable<List<CertificateListing>> reader;
    private final Executor background;
    private final Executor fx;
    /** The latest reading asked for, and the latest whose answer the list shows: older answers are dropped. */
    private long asked;
    private long shown;

    // ---- Properties

    private final ObservableList<CertificateListing> entries = FXCollections.observableArrayList();
    private final ObservableList<CertificateListing> entriesView = FXCollections.unmodifiableObservableList(entries);

    public ObservableList<CertificateListing> entries() {
        return entriesView;
    }

    private final ObservableList<CertificateListing.Column> columns = FXCollections.observableArrayList(
            CertificateListing.shown(List.of()));
    private final ObservableList<CertificateListing.Column> columnsView =
            FXCollections.unmodifiableObservableList(columns);

    /** The columns worth showing: those with a value in some certificate of the list. */
    public ObservableList<CertificateListing.Column> columns() {
        return columnsView;
    }

    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");

    /** "Reading …", why the folder cannot be read, or empty once the list shows what is there. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /**
     * @param background reads the certificates
     * @param fx         runs on the FX thread
     */
    public ReportsViewModel(Settings settings, Executor background, Executor fx) {
        this(settings, () -> CertificateListing.read(new ReportStore(settings.reportDir())), background, fx);
    }

    /** @param reader the certificates in the reports directory, newest first (slow: files) */
    ReportsViewModel(Settings settings, Callable<List<CertificateListing>> reader, Executor background, Executor fx) {
        this.settings = settings;
        this.reader = reader;
        this.background = background;
        this.fx = fx;
    }

    // ---- Commands

    /** Reads the directory again, newest first; unreadable files are listed as such. Completes on the FX thread. */
    public CompletableFuture<Void> refresh() {
        long mine = ++asked;
        status.set("Reading the certificates in " + reportDir() + "…");
        return Background.call(background, fx, reader).handle((list, failure) -> {
            if (mine > shown) {
                shown = mine;
                if (failure == null) {
                    entries.setAll(list);
                    columns.setAll(CertificateListing.shown(list));
                    status.set("");
                } else {
                    status.set("Cannot read " + reportDir() + ": " + Background.cause(failure).getMessage());
                }
            }
            return null;
        });
    }

    /** The certificate of {@code entry}: to be viewed, its signature checked, its JSON shown. */
    public CertificateViewModel certificate(CertificateListing entry) {
        return new CertificateViewModel(entry.json(), settings, background, fx);
    }

    public Path reportDir() {
        return settings.reportDir();
    }
}
