{
  "signedFile" : "20261205T063313Z_vm_v6-disk.img.json",
  "algorithm" : "Ed25519",
  "publicKey" : "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAiOLbJQmcIEAmdZrcYEurfdNAasZR7NyolLjASaEzE6c=\n-----END PUBLIC KEY-----\n",
  "publicKeyFingerprint" : "SHA256:66bc 8561 c595 5059 d9d7 9aac fa15 c77e 969b 9461 5a9a da59 d37f ac12 4741 816a",
  "signature" : "cSzQDSanKA6WRV898X01spKSU5K7TKvKSRO8JXcOhPRgPUd1E3gT8kwtqHgqW6HA052nGHZYZ0UHhD9gysx2Ag=="
}
