package dev.blockwipe.ui.tree;

import dev.blockwipe.report.Journal;
import java.io.IOException;
import java.util.List;

/**
 * The journals of interrupted wipes whose signatures hold, as the device tree marks its rows with
 * them. Listing, parsing and checking the Ed25519 signature of each is file I/O and crypto, so the
 * tree calls this on the background executor, never on the FX thread.
 */
@FunctionalInterface
public interface InterruptedWipes {
    List<Journal> journals() throws IOException;
}
