package org.planewatch.agent.server;

import java.nio.file.Path;

/**
 * PEM files of the server's TLS identity.
 *
 * @param certificateChain server certificate (and intermediates)
 * @param privateKey its PKCS#8 private key
 * @param clientCa when not null, clients must present a certificate signed by this CA (mutual TLS)
 */
public record TlsFiles(Path certificateChain, Path privateKey, Path clientCa) {}
