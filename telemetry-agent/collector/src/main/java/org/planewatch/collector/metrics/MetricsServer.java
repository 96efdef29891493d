package org.planewatch.collector.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Serves {@code GET /metrics} with the JDK's own HTTP server: one page rendered per scrape, on one
 * thread (Prometheus scrapes every 15 s or so; there is nothing to serve concurrently).
 */
public final class MetricsServer implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService executor;

    private MetricsServer(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /** Listens on {@code address:port} (port 0: any free port, see {@link #port}). */
    public static MetricsServer start(String address, int port, Supplier<MetricsInput> input) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(address, port), 16);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot serve /metrics on " + address + ":" + port + ": " + e.getMessage(), e);
        }
        ExecutorService executor = Executors.newSingleThreadExecutor(
                Thread.ofPlatform().daemon().name("metrics-http").factory());
        server.setExecutor(executor);
        server.createContext("/metrics", exchange -> respond(exchange, input));
        server.start();
        return new MetricsServer(server, executor);
    }

    private static void respond(HttpExchange exchange, Supplier<MetricsInput> input) throws IOException {
        try (exchange) {
            if (!"GET".equals(exchange.getRequestMethod()) && !"HEAD".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            if (!"/metrics".equals(exchange.getRequestURI().getPath())) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            byte[] body = MetricsPage.render(input.get()).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", PrometheusText.CONTENT_TYPE);
            exchange.sendResponseHeaders(200, "HEAD".equals(exchange.getRequestMethod()) ? -1 : body.length);
            if (!"HEAD".equals(exchange.getRequestMethod())) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        }
    }

    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
