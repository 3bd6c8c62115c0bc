{
  "signedFile" : "20261205T125459Z_vm_v9-disk.img.json",
  "algorithm" : "Ed25519",
  "publicKey" : "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA6nYZdVi3URqN50wnKua3c7L+ejFppMyajpAqIdvvfU0=\n-----END PUBLIC KEY-----\n",
  "publicKeyFingerprint" : "SHA256:47e4 db31 a3fe 85f3 73eb dc7d 37c8 f3be 0659 f8f9 e17d 1a67 7c74 67a1 d228 d17f",
  "signature" : "nRN1BIM21f2DG2zfoaUGjCE7jIy8LNbBL/9+093rKUYZQXlI4agkGQ7sIexMprYjjXQIZg/fRi7C4GH9uZiMCA=="
}
