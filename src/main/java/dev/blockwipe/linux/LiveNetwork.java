package dev.blockwipe.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The boot stick's network switch, {@code /usr/sbin/blockwipe-net} (packaging/live): off at boot;
 * {@code up} starts DHCP and an sshd that takes only the keys on the stick, {@code down} stops both,
 * {@code status} says which (exit 0 up, 3 down). Elsewhere the system's own tools own the network,
 * and this is not available.
 */
public final class LiveNetwork {
    public static final Path HELPER = Path.of("/usr/sbin/blockwipe-net");
    /** {@code status}'s exit when the network is off, as {@code systemctl is-active} says "inactive". */
    public static final int OFF = 3;
    /** DHCP may wait for a lease on every link. */
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private final Path helper;

    public LiveNetwork() {
        this(HELPER);
    }

    /** @param helper the switch (tests use a script of their own) */
    public LiveNetwork(Path helper) {
        this.helper = helper;
    }

    /** Running from the boot stick, which has the switch. */
    public boolean available() {
        return Files.isExecutable(helper);
    }

    public Path helper() {
        return helper;
    }

    /**
     * Turns the network on or off, or asks; what the switch said, and how it ended.
     *
     * @param action "up", "down" or "status"
     */
    public Programs.Outcome run(String action) throws IOException {
        return Programs.run(List.of(helper.toString(), action), null, TIMEOUT);
    }
}
