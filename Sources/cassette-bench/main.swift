import HybridReplay
print("bench")
