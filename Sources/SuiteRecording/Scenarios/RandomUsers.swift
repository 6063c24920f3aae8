import HybridReplay

/// Answers shaped like https://randomuser.me/api output, with made-up people
/// at example addresses: what the promise bridges fetch.
enum RandomUsers {
    /// One made-up person, in the fields the API returns.
    struct Person {
        var gender: String
        var title: String
        var first: String
        var last: String
        var streetNumber: Double
        var street: String
        var city: String
        var state: String
        var postcode: Double
        var latitude: String
        var longitude: String
        var birth: String
        var age: Double
        var registered: String
        var registeredAge: Double
        var phone: String
        var cell: String
        var portrait: String
        var seed: String
    }

    static let avery = Person(
        gender: "female", title: "Ms", first: "Avery", last: "Example", streetNumber: 4127,
        street: "Stevens Creek Blvd", city: "Cupertino", state: "California", postcode: 95014, latitude: "37.3230",
        longitude: "-122.0322",
        birth: "1988-04-12T09:21:44.512Z", age: 38, registered: "2014-06-03T17:08:12.904Z", registeredAge: 12,
        phone: "(555) 010-4477", cell: "(555) 010-9321", portrait: "women/44", seed: "5d3e9c1a7b2f4e60")

    static let jordan = Person(
        gender: "male", title: "Mr", first: "Jordan", last: "Sample", streetNumber: 218, street: "Homestead Rd",
        city: "Sunnyvale", state: "California", postcode: 94087, latitude: "37.3368", longitude: "-122.0363",
        birth: "1979-11-23T22:05:17.031Z", age: 47, registered: "2009-02-17T08:44:51.276Z", registeredAge: 17,
        phone: "(555) 010-2290", cell: "(555) 010-6618", portrait: "men/67", seed: "a41f0c8e92d3b57e")

    /// A 200 response with `person` as its only result, as JSON.
    static func response(_ person: Person) -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: [HTTPHeader("Content-Type", "application/json; charset=utf-8")],
            body: .json(body(person)))
    }

    static func body(_ person: Person) -> JSONValue {
        let pictures = "https://randomuser.me/api/portraits"
        let result: JSONValue = .object([
            "gender": .string(person.gender),
            "name": .object([
                "title": .string(person.title), "first": .string(person.first), "last": .string(person.last),
            ]),
            "location": .object([
                "street": .object(["number": .number(person.streetNumber), "name": .string(person.street)]),
                "city": .string(person.city),
                "state": .string(person.state),
                "country": .string("United States"),
                "postcode": .number(person.postcode),
                "coordinates": .object([
                    "latitude": .string(person.latitude), "longitude": .string(person.longitude),
                ]),
                "timezone": .object([
                    "offset": .string("-8:00"), "description": .string("Pacific Time (US & Canada)"),
                ]),
            ]),
            "email": .string("\(person.first.lowercased()).\(person.last.lowercased())@example.com"),
            "dob": .object(["date": .string(person.birth), "age": .number(person.age)]),
            "registered": .object(["date": .string(person.registered), "age": .number(person.registeredAge)]),
            "phone": .string(person.phone),
            "cell": .string(person.cell),
            "picture": .object([
                "large": .string("\(pictures)/\(person.portrait).jpg"),
                "medium": .string("\(pictures)/med/\(person.portrait).jpg"),
                "thumbnail": .string("\(pictures)/thumb/\(person.portrait).jpg"),
            ]),
            "nat": .string("US"),
        ])
        return .object([
            "results": .array([result]),
            "info": .object([
                "seed": .string(person.seed), "results": .number(1), "page": .number(1), "version": .string("1.4"),
            ]),
        ])
    }
}
