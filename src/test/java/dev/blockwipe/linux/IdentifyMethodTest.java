package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.devices.identify.LocateLed;
import dev.blockwipe.testing.FakeSysfs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How Identify shows a disk, chosen on a fake sysfs and a fake PATH: the locate LED of the
 * enclosure slot that holds it, else ledctl, else none (the identification then reads).
 */
class IdentifyMethodTest {
    @TempDir
    Path tmp;
    private FakeSysfs sys;
    private Path sdb;
    private Path sdc;
    private Path bin;

    @BeforeEach
    void twoSataDisks() throws IOException {
        sys = new FakeSysfs(tmp.resolve("sys"));
        sdb = sys.disk(FakeSysfs.sata(1, "sdb"), "8:16").dir();
        sdc = sys.disk(FakeSysfs.sata(2, "sdc"), "8:32").dir();
        bin = Files.createDirectories(tmp.resolve("bin"));
    }

    @Test
    void theEnclosureSlotThatHoldsTheDiskLightsItsLocateLed() throws IOException {
        Path slot5 = slot("Slot 05", 5, sdb);
        slot("Slot 06", 6, sdc);
        ledctl();

        LocateLed led = identifier().locateLed(sdb).orElseThrow();

        assertThat(led.describe()).isEqualTo("locate LED of enclosure slot 5");
        led.on();
        assertThat(Files.readString(slot5.resolve("locate"))).isEqualTo("1");
        led.off();
        assertThat(Files.readString(slot5.resolve("locate"))).isEqualTo("0");
    }

    @Test
    void withoutASlotForTheDiskLedctlOnThePathLightsIt() throws IOException {
        slot("Slot 06", 6, sdc);
        Path log = ledctl();

        LocateLed led = identifier().locateLed(sdb).orElseThrow();

        assertThat(led.describe()).isEqualTo("locate LED through ledctl");
        led.on();
        led.off();
        assertThat(Files.readAllLines(log)).containsExactly("locate=/dev/sdb", "locate_off=/dev/sdb");
    }

    @Test
    void ledctlThatFailsSaysSo() throws IOException {
        Files.writeString(bin.resolve("ledctl"), "#!/bin/sh\necho 'ledctl: no controller supports /dev/sdb' >&2\nexit 3\n");
        bin.resolve("ledctl").toFile().setExecutable(true);

        LocateLed led = identifier().locateLed(sdb).orElseThrow();

        assertThatThrownBy(led::on).hasMessageContaining("no controller supports /dev/sdb");
    }

    @Test
    void withNeitherThereIsNoLedAndTheIdentificationReads() throws IOException {
        slot("Slot 06", 6, sdc);

        assertThat(identifier().locateLed(sdb)).isEmpty();
    }

    @Test
    void aSlotWithoutALocateAttributeIsNoLed() throws IOException {
        Files.delete(slot("Slot 05", 5, sdb).resolve("locate"));

        assertThat(identifier().locateLed(sdb)).isEmpty();
    }

    @Test
    void aSlotNumberThatCannotBeReadIsSaidByTheSlotsName() throws IOException {
        Files.delete(slot("SLOT 007", 7, sdb).resolve("slot"));

        assertThat(identifier().locateLed(sdb).map(LocateLed::describe)).contains("locate LED of enclosure slot SLOT 007");
    }

    private LinuxIdentifier identifier() {
        return new LinuxIdentifier(sys.root(), bin.toString());
    }

    /**
     * An enclosure component as drivers/misc/enclosure.c makes it: locate, slot, and a device link
     * to the SCSI device whose block/ folder holds {@code disk}.
     */
    private Path slot(String name, int number, Path disk) throws IOException {
        Path component = Files.createDirectories(sys.root().resolve("class/enclosure/0:0:8:0").resolve(name));
        Files.writeString(component.resolve("locate"), "0");
        Files.writeString(component.resolve("slot"), number + "\n");
        Files.createSymbolicLink(component.resolve("device"), disk.getParent().getParent());
        return component;
    }

    /** A ledctl on the fake PATH that writes its arguments to a log; the log. */
    private Path ledctl() throws IOException {
        Path log = tmp.resolve("ledctl.log");
        Path program = bin.resolve("ledctl");
        Files.writeString(program, "#!/bin/sh\necho \"$@\" >> '" + log + "'\n");
        Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwxr-xr-x"));
        return log;
    }
}
