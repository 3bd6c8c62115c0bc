package dev.blockwipe.devices;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HostInfoTest {
    private static HostInfo host(String hostname, String systemSerial, String boardSerial) {
        return new HostInfo(hostname, "", "Dell Inc.", "PowerEdge R730", systemSerial, boardSerial, "");
    }

    @Test
    void serversBootedFromOneStickShareAHostNameAndAreToldApartByTheirSerials() {
        assertThat(host("blockwipe", "7XYZ123", "CN70163").fileLabel()).isEqualTo("blockwipe-7XYZ123");
        assertThat(host("blockwipe", "", "CN70163").fileLabel()).as("no system serial: the board's").isEqualTo("blockwipe-CN70163");
    }

    @Test
    void placeholderSerialsAndMissingOnesLeaveTheHostNameAlone() {
        assertThat(host("rack7", "To Be Filled By O.E.M.", "Default string").fileLabel()).isEqualTo("rack7");
        assertThat(host("rack7", "0000000000", "").fileLabel()).isEqualTo("rack7");
        assertThat(host("rack7", "", "").fileLabel()).isEqualTo("rack7");
        assertThat(host("srv-7XYZ123", "7XYZ123", "").fileLabel()).as("already in the name").isEqualTo("srv-7XYZ123");
    }
}
