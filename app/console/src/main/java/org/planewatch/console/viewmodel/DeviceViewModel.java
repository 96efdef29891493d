package org.planewatch.console.viewmodel;

import java.util.List;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.HostSummary;
import org.planewatch.console.state.FabricSnapshot.PortSummary;
import org.planewatch.console.state.FabricSnapshot.QpSummary;
import org.planewatch.console.state.FabricSnapshot.SwitchSummary;

/**
 * Drill-downs: host -> plane ports -> QPs -> the EV grid of a QP; switch -> ports -> queues. The
 * selected device is named, so a search or a click anywhere can open it.
 */
public final class DeviceViewModel {
    private final StringProperty host = new SimpleStringProperty("");
    private final StringProperty switchName = new SimpleStringProperty("");
    private final ObjectProperty<Long> selectedQp = new SimpleObjectProperty<>();
    private final StringProperty selectedPort = new SimpleStringProperty("");
    private final ReadOnlyObjectWrapper<Optional<HostSummary>> hostSummary =
            new ReadOnlyObjectWrapper<>(Optional.empty());
    private final ReadOnlyObjectWrapper<Optional<QpSummary>> qpSummary = new ReadOnlyObjectWrapper<>(Optional.empty());
    private final ReadOnlyObjectWrapper<Optional<SwitchSummary>> switchSummary =
            new ReadOnlyObjectWrapper<>(Optional.empty());
    private final ReadOnlyObjectWrapper<Optional<PortSummary>> portSummary =
            new ReadOnlyObjectWrapper<>(Optional.empty());
    private final ReadOnlyObjectWrapper<List<String>> hostNames = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<List<String>> switchNames = new ReadOnlyObjectWrapper<>(List.of());
    private FabricSnapshot snapshot = FabricSnapshot.empty();

    DeviceViewModel() {
        host.addListener((o, a, b) -> {
            selectedQp.set(null);
            refresh();
        });
        switchName.addListener((o, a, b) -> {
            selectedPort.set("");
            refresh();
        });
        selectedQp.addListener((o, a, b) -> refresh());
        selectedPort.addListener((o, a, b) -> refresh());
    }

    public StringProperty hostProperty() {
        return host;
    }

    public StringProperty switchNameProperty() {
        return switchName;
    }

    public ObjectProperty<Long> selectedQpProperty() {
        return selectedQp;
    }

    public StringProperty selectedPortProperty() {
        return selectedPort;
    }

    public ReadOnlyObjectProperty<Optional<HostSummary>> hostSummaryProperty() {
        return hostSummary.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Optional<QpSummary>> qpSummaryProperty() {
        return qpSummary.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Optional<SwitchSummary>> switchSummaryProperty() {
        return switchSummary.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Optional<PortSummary>> portSummaryProperty() {
        return portSummary.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<String>> hostNamesProperty() {
        return hostNames.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<String>> switchNamesProperty() {
        return switchNames.getReadOnlyProperty();
    }

    void update(FabricSnapshot newSnapshot) {
        snapshot = newSnapshot;
        List<String> hosts = newSnapshot.hosts().stream().map(HostSummary::name).toList();
        if (!hosts.equals(hostNames.get())) {
            hostNames.set(hosts);
        }
        List<String> switches =
                newSnapshot.switches().stream().map(SwitchSummary::name).toList();
        if (!switches.equals(switchNames.get())) {
            switchNames.set(switches);
        }
        refresh();
    }

    private void refresh() {
        Optional<HostSummary> h = snapshot.host(host.get());
        if (!h.equals(hostSummary.get())) {
            hostSummary.set(h);
        }
        Long qpn = selectedQp.get();
        Optional<QpSummary> qp = qpn == null
                ? Optional.empty()
                : h.flatMap(s -> s.qps().stream().filter(q -> q.qpn() == qpn).findFirst());
        if (!qp.equals(qpSummary.get())) {
            qpSummary.set(qp);
        }
        Optional<SwitchSummary> s = snapshot.switchNamed(switchName.get());
        if (!s.equals(switchSummary.get())) {
            switchSummary.set(s);
        }
        Optional<PortSummary> port = s.flatMap(sw -> sw.ports().stream()
                .filter(p -> p.name().equals(selectedPort.get()))
                .findFirst());
        if (!port.equals(portSummary.get())) {
            portSummary.set(port);
        }
    }
}
