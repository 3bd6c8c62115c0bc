package dev.blockwipe.ui.identify;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.identify.Identification;
import dev.blockwipe.devices.identify.Identifier;
import dev.blockwipe.devices.identify.LocateLed;
import dev.blockwipe.devices.identify.OpenDrive;
import dev.blockwipe.devices.identify.Pace;
import dev.blockwipe.engine.TargetException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An {@link Identifier} for the window's tests: every device has a locate LED that records what
 * is done to it ("sdb on", "sdb off"), and the time passes on the clock it is given.
 */
public final class FakeIdentifier implements Identifier {
    private final Pace pace;
    private final List<String> led = new CopyOnWriteArrayList<>();
    private final List<String> opened = new CopyOnWriteArrayList<>();
    private final List<String> closed = new CopyOnWriteArrayList<>();
    private Runnable whenLit = () -> { };
    private String lampName = "locate LED of fake slot 3";

    public FakeIdentifier(Pace pace) {
        this.pace = pace;
    }

    /** A clock that moves only when it is slept on: a whole identification runs out at once. */
    public static FakeIdentifier instant() {
        return new FakeIdentifier(new Pace() {
            private long now;

            @Override
            public long nanoTime() {
                return now;
            }

            @Override
            public void sleep(long nanos) {
                now += nanos;
            }
        });
    }

    /** What runs right after a LED is turned on (a test stops it there, or looks at the window). */
    public FakeIdentifier whenLit(Runnable action) {
        whenLit = action;
        return this;
    }

    /** What the LED is said to be ("locate LED of fake slot 3" unless a test says). */
    public FakeIdentifier describing(String name) {
        lampName = name;
        return this;
    }

    @Override
    public Identification open(String path, DeviceNumber number, long diskseq, Duration duration) throws TargetException {
        String name = path.substring(path.lastIndexOf('/') + 1);
        opened.add(path + " " + number + " diskseq " + diskseq);
        LocateLed lamp = new LocateLed() {
            @Override
            public String describe() {
                return lampName;
            }

            @Override
            public void on() {
                led.add(name + " on");
                whenLit.run();
            }

            @Override
            public void off() {
                led.add(name + " off");
            }
        };
        return new Identification(new OpenDrive(name, false, 1 << 20, 512, (offset, dst) -> { }, () -> closed.add(name)),
                Optional.of(lamp), duration, pace);
    }

    /** What was done to the LEDs, in order. */
    public List<String> led() {
        return List.copyOf(led);
    }

    /** Each open: "PATH MAJ:MIN diskseq N". */
    public List<String> opened() {
        return List.copyOf(opened);
    }

    /** The devices whose descriptor was closed. */
    public List<String> closed() {
        return List.copyOf(closed);
    }
}
