{
  "signedFile" : "20261205T063256Z_vm_v5-disk.img.json",
  "algorithm" : "Ed25519",
  "publicKey" : "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEALchFRQU4ZtfB+mhZUxm7gTr1OqouxdLQ61wcNPXH5CI=\n-----END PUBLIC KEY-----\n",
  "publicKeyFingerprint" : "SHA256:991f 320c fc53 9a62 669a fa1b b0d4 f297 4d5e 2731 4e26 24bd 2282 67f2 016c fe09",
  "signature" : "vV5/oxXjZoFl7KhoZzl3J08yTfQ2vHomCp92lE63HREPqxoWGUaX6m/YUb04GmJ+u5t6DSRBTLHz4J/gHKRpAA=="
}
