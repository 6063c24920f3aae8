extension LocationFix {
    package var summary: String {
        "\(CanonicalNumber.text(latitude)),\(CanonicalNumber.text(longitude))"
            + (horizontalAccuracy.map { " ±\(CanonicalNumber.text($0))m" } ?? "")
    }

    package static func read(_ reader: inout FieldReader) -> LocationFix? {
        let latitude = reader.number("latitude")
        let longitude = reader.number("longitude")
        let altitude = reader.optionalNumber("altitude")
        let ellipsoidalAltitude = reader.optionalNumber("ellipsoidalAltitude")
        let horizontalAccuracy = reader.optionalNumber("horizontalAccuracy")
        let verticalAccuracy = reader.optionalNumber("verticalAccuracy")
        let course = reader.optionalNumber("course")
        let courseAccuracy = reader.optionalNumber("courseAccuracy")
        let speed = reader.optionalNumber("speed")
        let speedAccuracy = reader.optionalNumber("speedAccuracy")
        let timestamp = reader.string("timestamp")
        let floor = reader.integer("floor", required: false)
        if let latitude, !(-90...90).contains(latitude) {
            reader.report("latitude", "latitude \(CanonicalNumber.text(latitude)) is outside -90...90")
        }
        if let longitude, !(-180...180).contains(longitude) {
            reader.report("longitude", "longitude \(CanonicalNumber.text(longitude)) is outside -180...180")
        }
        if let timestamp, !RFC3339.isValid(timestamp) {
            reader.report("timestamp", "expected an RFC 3339 date such as 2026-01-31T12:00:00Z, found '\(timestamp)'")
        }
        guard let latitude, let longitude, let timestamp else { return nil }
        return LocationFix(
            latitude: latitude, longitude: longitude, altitude: altitude, ellipsoidalAltitude: ellipsoidalAltitude,
            horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy, course: course,
            courseAccuracy: courseAccuracy, speed: speed, speedAccuracy: speedAccuracy, timestamp: timestamp,
            floor: floor)
    }

    package func write(_ writer: inout FieldWriter) {
        writer.write("latitude", latitude)
        writer.write("longitude", longitude)
        writer.write("altitude", altitude)
        writer.write("ellipsoidalAltitude", ellipsoidalAltitude)
        writer.write("horizontalAccuracy", horizontalAccuracy)
        writer.write("verticalAccuracy", verticalAccuracy)
        writer.write("course", course)
        writer.write("courseAccuracy", courseAccuracy)
        writer.write("speed", speed)
        writer.write("speedAccuracy", speedAccuracy)
        writer.write("timestamp", timestamp)
        writer.write("floor", floor)
    }
}
