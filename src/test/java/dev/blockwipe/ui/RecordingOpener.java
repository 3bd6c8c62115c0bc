package dev.blockwipe.ui;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.DriveFacts;
import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.TargetIdentity;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link TargetOpener} that keeps every target it opened for writing, so a test can count the
 * opens; and that locates the drives a test gives ({@link #drive}) as their device numbers, answering
 * for them what the test says and counting how often they were asked.
 */
public final class RecordingOpener implements TargetOpener {
    private final TargetOpener opener;
    private final List<OpenedTarget> openedForWriting = new CopyOnWriteArrayList<>();
    private final Map<String, FakeDrive> drives = new ConcurrentHashMap<>();
    private final List<String> drivesAsked = new CopyOnWriteArrayList<>();

    private record FakeDrive(DeviceNumber number, DriveFacts facts) {
    }

    public RecordingOpener(TargetOpener opener) {
        this.opener = opener;
    }

    /** Every target opened for writing so far, in order. */
    List<OpenedTarget> openedForWriting() {
        return List.copyOf(openedForWriting);
    }

    /** From now on {@code path} is located as device {@code number} whose drive says {@code facts}; it cannot be opened. */
    public RecordingOpener drive(String path, DeviceNumber number, DriveFacts facts) {
        drives.put(path, new FakeDrive(number, facts));
        return this;
    }

    /** The paths of the drives given by {@link #drive} that were asked, once per question, in order. */
    public List<String> drivesAsked() {
        return List.copyOf(drivesAsked);
    }

    @Override
    public Located locate(String path) throws TargetException {
        FakeDrive fake = drives.get(path);
        if (fake != null) {
            return fakeDrive(path, fake);
        }
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

    private Located fakeDrive(String path, FakeDrive fake) {
        return new Located() {
            @Override
            public String path() {
                return path;
            }

            @Override
            public TargetIdentity node() {
                return TargetIdentity.device(fake.number().major(), fake.number().minor(), 0, 0, "", "", null);
            }

            @Override
            public OpenedTarget open(Access access) throws TargetException {
                throw new TargetRefusedException(path, TargetRefusedException.Reason.NOT_FOUND, "a drive of the test only answers");
            }

            @Override
            public DriveReport drive() {
                drivesAsked.add(path);
                return fake.facts().drive();
            }

            @Override
            public Smart smart() {
                return fake.facts().smart();
            }

            @Override
            public void close() {
            }
        };
    }
}
