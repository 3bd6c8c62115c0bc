package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.linux.LiveNetwork;
import dev.blockwipe.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code blockwipe net}, with a switch of the test's own in place of the boot stick's. */
class NetCommandTest {
    @TempDir
    Path tmp;

    private Cli net(Path helper, String... args) {
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                return cls == NetCommand.class ? cls.cast(new NetCommand(new LiveNetwork(helper)))
                        : CommandLine.defaultFactory().create(cls);
            }
        };
        String[] all = new String[args.length + 1];
        all[0] = "net";
        System.arraycopy(args, 0, all, 1, args.length);
        return Cli.with((a, out, err) -> BlockwipeCli.run(a, out, err, factory), all);
    }

    /** A switch that logs what it was asked, answers as the stick's does, and is off until turned on. */
    private Path helper() throws IOException {
        Path script = tmp.resolve("blockwipe-net");
        Files.writeString(script, """
                #!/bin/sh
                echo "$1" >> "%1$s/asked"
                case $1 in
                  up) touch "%1$s/on"; echo "network on: eth0 10.0.2.15; ssh accepts 1 key from the stick" ;;
                  down) rm -f "%1$s/on"; echo "network off" ;;
                  status) if [ -e "%1$s/on" ]; then echo "on: eth0 10.0.2.15"; else echo off; exit 3; fi ;;
                esac
                """.formatted(tmp));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    @Test
    void upDownAndStatusAreTheSticksSwitchAndSayWhatItSaid() throws IOException {
        Path helper = helper();
        assertThat(net(helper, "status").out()).isEqualTo("off\n");
        Cli up = net(helper, "UP");
        assertThat(up.exitCode()).isZero();
        assertThat(up.out()).startsWith("network on: eth0");
        assertThat(net(helper, "status").out()).isEqualTo("on: eth0 10.0.2.15\n");
        assertThat(net(helper, "down").exitCode()).isZero();
        assertThat(Files.readAllLines(tmp.resolve("asked"))).containsExactly("status", "up", "status", "down");
    }

    @Test
    void offTheBootStickItSaysSoInOneLineWithExitFive() {
        Cli net = net(tmp.resolve("none"), "up");
        assertThat(net.exitCode()).isEqualTo(ExitCode.NOT_SUPPORTED);
        assertThat(net.err()).isEqualTo("blockwipe: net works on the Blockwipe boot stick only (" + tmp.resolve("none")
                + " is not on this system); here the system's own tools manage the network\n");
    }

    @Test
    void aWordOtherThanUpDownOrStatusIsAUsageError() throws IOException {
        Cli net = net(helper(), "on");
        assertThat(net.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(net.err()).contains("'on' is not up, down or status");
        assertThat(tmp.resolve("asked")).doesNotExist();
    }

    @Test
    void aSwitchThatFailsFailsTheCommandWithWhatItSaid() throws IOException {
        Path helper = tmp.resolve("failing");
        Files.writeString(helper, "#!/bin/sh\necho 'no key in ssh/authorized_keys on the stick: sshd not started' >&2\nexit 1\n");
        Files.setPosixFilePermissions(helper, PosixFilePermissions.fromString("rwx------"));
        Cli up = net(helper, "up");
        assertThat(up.exitCode()).isEqualTo(ExitCode.FAILED);
        assertThat(up.err()).contains("no key in ssh/authorized_keys");
    }
}
