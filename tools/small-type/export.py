import sys, torch
sys.path.insert(0, __import__('os').path.dirname(__file__))
import train as T
m = T.CRNN(); m.load_state_dict(torch.load(sys.argv[1])); m.eval()
torch.onnx.export(m, torch.zeros(1, 1, T.H, 256), sys.argv[2], input_names=["x"], output_names=["logp"],
                  dynamic_axes={"x": {0: "n", 3: "w"}, "logp": {0: "n", 1: "t"}}, opset_version=13)
print("ok")
