package dev.blockwipe.ui;

import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.TargetIdentity;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A {@link TargetOpener} that keeps every target it opened for writing, so a test can count the opens. */
public final class RecordingOpener implements TargetOpener {
    private final TargetOpener opener;
    private final List<OpenedTarget> openedForWriting = new CopyOnWriteArrayList<>();

    public RecordingOpener(TargetOpener opener) {
        this.opener = opener;
    }

    /** Every target opened for writing so far, in order. */
    List<OpenedTarget> openedForWriting() {
        return List.copyOf(openedForWriting);
    }

    @Override
    public Located locate(String path) throws TargetException {
        Located located = opener.locate(path);
        return new Located() {
            @Override
            public String path() {
                return located.path();
            }

            @Override
            public TargetIdentity node() {
                return located.node();
            }

            @Override
            public OpenedTarget open(Access access) throws TargetException {
                OpenedTarget t = located.open(access);
                if (access == Access.WRITE) {
                    openedForWriting.add(t);
                }
                return t;
            }

            @Override
            public void close() {
                located.close();
            }
        };
    }
}
