{
  "signedFile" : "20261205T082413Z_vm_v7-disk.img.json",
  "algorithm" : "Ed25519",
  "publicKey" : "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA6ACHHLwDIrbBzfgso/Yqgm3w1ASVDuKulyBR2+6mSL8=\n-----END PUBLIC KEY-----\n",
  "publicKeyFingerprint" : "SHA256:a34d a377 db27 9a54 1273 6ebc 9de0 9dc4 25ae 11c5 5b95 f1a2 352d e51d 511e b6bc",
  "signature" : "4uQtSebam3mIJYkfAwNnmQ3AbpUUr4n67MHdlcCl5zcp1BHfkfqD7nSApr57coPzAGy9KkFJmJdzI8q2WpbbAw=="
}
