package dev.blockwipe.ui;

import dev.blockwipe.report.CertificateDocument;
import dev.blockwipe.report.ReportStore;
import dev.blockwipe.report.Settings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** The certificates in the reports directory: list them, check their signatures. */
public final class ReportsViewModel {
    /** One certificate in the list. */
    public record Entry(Path json, String created, String device, String serial, String outcome) {
    }

    private final Settings settings;
    private final ObservableList<Entry> entries = FXCollections.observableArrayList();
    private final ObservableList<Entry> entriesView = FXCollections.unmodifiableObservableList(entries);

    public ReportsViewModel(Settings settings) {
        this.settings = settings;
    }

    /** Reads the directory again, newest first; unreadable files are listed as such. */
    public void refresh() throws IOException {
        ReportStore store = new ReportStore(settings.reportDir());
        List<Entry> list = new ArrayList<>();
        for (Path json : store.list()) {
            try {
                CertificateDocument c = store.read(json);
                list.add(0, new Entry(json, c.created().toString().replaceFirst("\\.\\d+Z$", "Z").replace('T', ' '),
                        c.device().path(), c.device().serial(), c.result().outcome()));
            } catch (IOException e) {
                list.add(0, new Entry(json, "", "", "", "unreadable: " + e.getMessage()));
            }
        }
        entries.setAll(list);
    }

    /** "VALID: … signed by SHA256:…" or "TAMPERED: …", against this machine's key. */
    public String verify(Entry entry) {
        return CertificateViewModel.verify(entry.json(), settings);
    }

    /** The certificate of {@code entry}, to be viewed. */
    public CertificateViewModel certificate(Entry entry) {
        return new CertificateViewModel(entry.json(), settings);
    }

    public Path reportDir() {
        return settings.reportDir();
    }

    public ObservableList<Entry> entries() {
        return entriesView;
    }
}
