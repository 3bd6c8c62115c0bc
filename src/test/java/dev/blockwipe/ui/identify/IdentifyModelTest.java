package dev.blockwipe.ui.identify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.ui.MainViewModel;
import dev.blockwipe.ui.tree.DeviceFixture;
import dev.blockwipe.ui.tree.DeviceRow;
import dev.blockwipe.ui.tree.DeviceTreeModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Identify in the window's view model: when it is offered, what it opens, and that every LED goes off again. */
class IdentifyModelTest extends DeviceFixture {
    private MainViewModel vm;
    private final FakeIdentifier fake = FakeIdentifier.instant();

    @Override
    protected DeviceTreeModel tree() {
        return vm.devices();
    }

    @BeforeEach
    void fakeLeds() {
        identifier = fake;
    }

    @AfterEach
    void closeViewModel() {
        if (vm != null) {
            vm.close();
        }
    }

    @Test
    void nothingSelectedSaysWhatToDo() throws IOException {
        assertThat(model(true).unavailable(null)).contains("Select a device to identify.");
    }

    @Test
    void withoutRootItIsUnavailableAndSaysWhy() throws IOException {
        assertThat(model(false).unavailable(row("sdb"))).hasValueSatisfying(why -> assertThat(why).contains("needs root"));
        vm.identify().identify(row("sdb"));
        assertThat(fake.opened()).isEmpty();
    }

    @Test
    void anImageFileHasNoDriveToIdentify() throws IOException {
        IdentifyModel model = model(true);
        DeviceRow image = vm.devices().addImageFile(image("disk.img").toString()).join();

        assertThat(model.unavailable(image)).hasValueSatisfying(why -> assertThat(why).contains("image file"));
    }

    @Test
    void theSelectedDeviceIsOpenedAsListedAndItsLedIsLitThenTurnedOff() throws IOException {
        IdentifyModel model = model(true);
        List<String> seen = new ArrayList<>();
        fake.whenLit(() -> seen.add(model.showing().get(0).name() + ": " + model.showing().get(0).methodProperty().get()));

        model.identify(row("sdb1"));

        assertThat(fake.opened()).containsExactly("/dev/sdb1 8:17 diskseq " + row("sdb").facts().identity().diskseq());
        assertThat(seen).containsExactly("sdb1: locate LED of fake slot 3 for 30 s");
        assertThat(fake.led()).containsExactly("sdb1 on", "sdb1 off");
        assertThat(fake.closed()).containsExactly("sdb1");
        assertThat(model.showing()).as("ended after its 30 s").isEmpty();
    }

    @Test
    void oneIdentificationAtATimePerDevice() throws IOException {
        IdentifyModel model = model(true);
        background.hold();
        model.identify(row("sdb"));

        assertThat(model.unavailable(row("sdb"))).hasValueSatisfying(why -> assertThat(why).contains("already"));
        model.identify(row("sdb"));
        assertThat(model.unavailable(row("sdc"))).isEmpty();
        background.release();

        assertThat(fake.opened()).hasSize(1);
    }

    @Test
    void stopTurnsTheLedOff() throws IOException {
        IdentifyModel model = model(true);
        fake.whenLit(() -> model.showing().get(0).stop());

        model.identify(row("sdc"));

        assertThat(fake.led()).containsExactly("sdc on", "sdc off");
        assertThat(model.showing()).isEmpty();
        assertThat(model.noticeProperty().get()).as("a stop is no failure").isNull();
    }

    @Test
    void aDeviceThatCannotBeOpenedIsANoticeAndNothingShows() throws IOException {
        identifier = (path, number, diskseq, duration) -> {
            throw new TargetRefusedException(path, TargetRefusedException.Reason.IDENTITY_CHANGED, "is now device 8:48");
        };
        IdentifyModel model = model(true);

        model.identify(row("sdb"));

        assertThat(model.showing()).isEmpty();
        assertThat(model.noticeProperty().get().title()).isEqualTo("Cannot identify sdb");
        assertThat(model.noticeProperty().get().text()).isEqualTo("/dev/sdb: is now device 8:48");
    }

    /** Quitting waits for the identifications to end, so that no LED stays lit after the window is gone. */
    @Test
    void quittingStopsEveryIdentificationBeforeTheWindowGoes() throws IOException {
        IdentifyModel model = model(true);
        background.hold();
        model.identify(row("sdb"));
        AtomicBoolean exited = new AtomicBoolean();

        assertThat(vm.requestQuit(() -> exited.set(true))).isTrue();
        assertThat(exited).as("the identification has not ended yet").isFalse();
        background.release();

        assertThat(exited).isTrue();
        assertThat(fake.led()).as("stopped before it was lit").isEmpty();
        assertThat(model.showing()).isEmpty();
    }

    private IdentifyModel model(boolean root) throws IOException {
        vm = new MainViewModel(services(root), dialogs);
        rescan(vm.devices());
        return vm.identify();
    }
}
