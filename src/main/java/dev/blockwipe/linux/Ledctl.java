package dev.blockwipe.linux;

import dev.blockwipe.devices.identify.LocateLed;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A disk's locate LED through ledctl (Debian's ledmon), which knows the controllers the kernel's
 * enclosure class does not (Intel VMD, AHCI with SGPIO, NPEM). It takes a device path: this is the
 * one place an identification names the disk by path again, and it is the disk's kernel name as
 * the open descriptor's number led to it.
 */
final class Ledctl implements LocateLed {
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    private final Path program;
    private final String device;

    /**
     * @param program ledctl, as found on PATH
     * @param device  "/dev/sdb"
     */
    Ledctl(Path program, String device) {
        this.program = program;
        this.device = device;
    }

    @Override
    public String describe() {
        return "locate LED through ledctl";
    }

    @Override
    public void on() throws IOException {
        Programs.output(null, TIMEOUT, program.toString(), "locate=" + device);
    }

    @Override
    public void off() throws IOException {
        Programs.output(null, TIMEOUT, program.toString(), "locate_off=" + device);
    }
}
