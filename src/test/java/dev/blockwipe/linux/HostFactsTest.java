package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostFactsTest {
    @TempDir
    Path root;

    private void write(String file, String text) throws IOException {
        Files.createDirectories(root.resolve(file).getParent());
        Files.writeString(root.resolve(file), text);
    }

    @Test
    void readsTheHostNameFromEtcHostnameFirst() throws IOException {
        write("etc/hostname", "wipe-station-3\n");
        write("proc/sys/kernel/hostname", "localhost\n");
        assertThat(HostFacts.read(root).hostname()).isEqualTo("wipe-station-3");
    }

    @Test
    void withoutEtcHostnameTakesTheKernelsNameAndAsksNoResolver() throws IOException {
        write("proc/sys/kernel/hostname", "rescue\n");
        write("proc/sys/kernel/random/boot_id", "5b9a2c1e-boot\n");
        assertThat(HostFacts.read(root).hostname()).isEqualTo("rescue");
        assertThat(HostFacts.read(root).bootId()).isEqualTo("5b9a2c1e-boot");
    }

    @Test
    void namesTheMachineByItsDmiVendorProductAndSerialsWhichRootMayRead() throws IOException {
        write("sys/class/dmi/id/sys_vendor", "Dell Inc.\n");
        write("sys/class/dmi/id/product_name", "PowerEdge R730\n");
        write("sys/class/dmi/id/product_serial", "7XYZ123\n");
        write("sys/class/dmi/id/board_serial", "CN7016361B0042\n");
        assertThat(HostFacts.read(root).system()).isEqualTo("Dell Inc. PowerEdge R730, serial 7XYZ123, board serial CN7016361B0042");
    }

    @Test
    void aMachineWhoseSerialsCannotBeReadIsNamedByWhatIsLeft() throws IOException {
        write("sys/class/dmi/id/sys_vendor", "QEMU\n");
        assertThat(HostFacts.read(root).system()).isEqualTo("QEMU");
        assertThat(HostFacts.read(root).boardSerial()).isEmpty();
    }

    @Test
    void aMachineWithoutDmiSaysSo() {
        assertThat(HostFacts.read(root).systemUnread()).isEqualTo("no DMI on this machine (/sys/class/dmi/id is missing)");
        assertThat(HostFacts.read(root).describeSystem())
                .isEqualTo("not readable: no DMI on this machine (/sys/class/dmi/id is missing)");
    }

    /** Root reads every DMI file; what cannot be read (here: a directory where a serial should be) is named. */
    @Test
    void aSerialThatCannotBeReadIsNamedWithTheSystem() throws IOException {
        write("sys/class/dmi/id/sys_vendor", "QEMU\n");
        Files.createDirectories(root.resolve("sys/class/dmi/id/product_serial"));

        assertThat(HostFacts.read(root).describeSystem())
                .startsWith("QEMU (/sys/class/dmi/id/product_serial cannot be read (");
    }

    @Test
    void aFactTheFirmwareDoesNotGiveNeedsNoReason() throws IOException {
        write("sys/class/dmi/id/sys_vendor", "QEMU\n");

        assertThat(HostFacts.read(root).systemUnread()).isEmpty();
        assertThat(HostFacts.read(root).describeSystem()).isEqualTo("QEMU");
    }
}
