"""A small .tflite writer for tests: enough of the FlatBuffers format (tables, vectors, strings)
and of TensorFlow Lite's schema (schema.fbs: Model, OperatorCode, SubGraph, Tensor,
QuantizationParameters, Operator, Buffer) to write a model no file in ../shared/models is, e.g.
one with float32 inputs and outputs around an int8 graph. No flatbuffers package needed.

Objects are written parent first, each child after the parent that points at it, so every
offset is forward (FlatBuffers' offsets are unsigned); every scalar sits at a multiple of its
size, as the verifier checks.
"""
import struct

# schema.fbs enums.
FLOAT32, INT32, INT8 = 0, 2, 9
DEQUANTIZE, FULLY_CONNECTED, QUANTIZE = 6, 9, 114
FULLY_CONNECTED_OPTIONS = 8  # BuiltinOptions.FullyConnectedOptions

_SCALARS = {"u8": "<B", "i8": "<b", "u16": "<H", "i32": "<i", "u32": "<I", "f32": "<f",
            "i64": "<q"}


class Table:
    """A table: fields as {index: (kind, value)}; kind a scalar kind of _SCALARS or "offset"
    (value: a Table, Vector or String)."""

    def __init__(self, **fields):
        self.fields = {}
        for key, value in fields.items():
            index = int(key.lstrip("f"))  # f0=..., f3=...: the schema's field ids
            self.fields[index] = value


class Vector:
    def __init__(self, kind, items):
        self.kind, self.items = kind, list(items)  # kind: a scalar kind or "offset"


class String:
    def __init__(self, text):
        self.data = text.encode()


class _Writer:
    def __init__(self):
        self.buffer = bytearray()

    def pad_to(self, alignment, remainder=0):
        while len(self.buffer) % alignment != remainder:
            self.buffer.append(0)

    def put(self, kind, value):
        self.buffer += struct.pack(_SCALARS[kind], value)

    def patch(self, at, target):
        struct.pack_into("<I", self.buffer, at, target - at)

    def write(self, item):
        """Writes `item` and what it points at; returns where it starts."""
        if isinstance(item, String):
            self.pad_to(4)
            start = len(self.buffer)
            self.put("u32", len(item.data))
            self.buffer += item.data + b"\0"
            return start
        if isinstance(item, Vector):
            size = 4 if item.kind == "offset" else struct.calcsize(_SCALARS[item.kind])
            self.pad_to(max(size, 4), 4 % max(size, 4))  # the elements at a multiple of size
            start = len(self.buffer)
            self.put("u32", len(item.items))
            if item.kind != "offset":
                for value in item.items:
                    self.put(item.kind, value)
                return start
            slots = []
            for _ in item.items:
                slots.append(len(self.buffer))
                self.put("u32", 0)
            for slot, child in zip(slots, item.items):
                self.patch(slot, self.write(child))
            return start
        return self._write_table(item)

    def _write_table(self, table):
        # The table's layout: the soffset to its vtable, then fields largest first (aligned).
        order = sorted(table.fields.items(),
                       key=lambda f: -(4 if f[1][0] == "offset" else struct.calcsize(
                           _SCALARS[f[1][0]])))
        layout, position = {}, 4
        for index, (kind, _) in order:
            size = 4 if kind == "offset" else struct.calcsize(_SCALARS[kind])
            position += -position % size
            layout[index] = position
            position += size
        inline_size = position + (-position % 4)
        field_count = max(table.fields) + 1 if table.fields else 0
        # The vtable, just before the table.
        self.pad_to(2)
        vtable = len(self.buffer)
        self.put("u16", 4 + 2 * field_count)
        self.put("u16", inline_size)
        for index in range(field_count):
            self.put("u16", layout.get(index, 0))
        self.pad_to(8)
        start = len(self.buffer)
        self.buffer += bytes(inline_size)
        struct.pack_into("<i", self.buffer, start, start - vtable)
        children = []
        for index, (kind, value) in table.fields.items():
            at = start + layout[index]
            if kind == "offset":
                children.append((at, value))
            else:
                struct.pack_into(_SCALARS[kind], self.buffer, at, value)
        for at, child in children:
            self.patch(at, self.write(child))
        return start


def serialize(model: Table) -> bytes:
    """The .tflite file: the root offset, the identifier "TFL3", then the model."""
    writer = _Writer()
    writer.put("u32", 0)
    writer.buffer += b"TFL3"
    writer.patch(0, writer.write(model))
    return bytes(writer.buffer)


def tensor(name, shape, dtype, buffer=0, scale=None, zero_point=None):
    fields = {"f0": ("offset", Vector("i32", shape)), "f1": ("i8", dtype),
              "f2": ("u32", buffer), "f3": ("offset", String(name))}
    if scale is not None:
        fields["f4"] = ("offset", Table(f2=("offset", Vector("f32", scale)),
                                        f3=("offset", Vector("i64", zero_point))))
    return Table(**fields)


def operator(opcode_index, inputs, outputs, options=None):
    fields = {"f0": ("u32", opcode_index), "f1": ("offset", Vector("i32", inputs)),
              "f2": ("offset", Vector("i32", outputs))}
    if options is not None:
        fields["f3"] = ("u8", options[0])
        fields["f4"] = ("offset", options[1])
    return Table(**fields)


def float_edged_classifier() -> bytes:
    """A model fed and read in float32, as a converter leaves one whose interface was not made
    int8: QUANTIZE (float32 [1,4] -> int8), FULLY_CONNECTED (int8 weights [3,4], int32 bias),
    DEQUANTIZE (int8 [1,3] -> float32)."""
    weights = [1, -2, 3, -4, 5, 6, -7, 8, 9, -10, 11, 12]
    bias = [100, -50, 7]
    buffers = Vector("offset", [
        Table(),  # buffer 0: the empty buffer of every non-constant tensor
        Table(f0=("offset", Vector("u8", struct.pack("<12b", *weights)))),
        Table(f0=("offset", Vector("u8", struct.pack("<3i", *bias)))),
    ])
    tensors = Vector("offset", [
        tensor("features", [1, 4], FLOAT32),
        tensor("features_int8", [1, 4], INT8, scale=[0.05], zero_point=[-3]),
        tensor("dense/weights", [3, 4], INT8, buffer=1, scale=[0.02], zero_point=[0]),
        tensor("dense/bias", [3], INT32, buffer=2, scale=[0.001], zero_point=[0]),
        tensor("scores_int8", [1, 3], INT8, scale=[0.04], zero_point=[5]),
        tensor("scores", [1, 3], FLOAT32),
    ])
    operators = Vector("offset", [
        operator(0, [0], [1]),
        operator(1, [1, 2, 3], [4], (FULLY_CONNECTED_OPTIONS, Table(f0=("i8", 0)))),
        operator(2, [4], [5]),
    ])
    subgraph = Table(f0=("offset", tensors), f1=("offset", Vector("i32", [0])),
                     f2=("offset", Vector("i32", [5])), f3=("offset", operators),
                     f4=("offset", String("main")))
    codes = Vector("offset", [
        Table(f0=("i8", min(code, 127)), f2=("i32", 1), f3=("i32", code))
        for code in (QUANTIZE, FULLY_CONNECTED, DEQUANTIZE)])
    model = Table(f0=("u32", 3), f1=("offset", codes), f2=("offset", Vector("offset", [subgraph])),
                  f3=("offset", String("float-edged classifier for arenastore's tests")),
                  f4=("offset", buffers))
    return serialize(model)
