@_exported import Scoped
