"""PDF/X-4 structure for CMYK print-shop files: OutputIntent with the embedded profile, Info keys and XMP."""

from __future__ import annotations

import uuid
import zlib
from functools import lru_cache
from typing import TYPE_CHECKING

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

if TYPE_CHECKING:
    from pnp.pdf.cmyk import Profile


PDFX_VERSION = "PDF/X-4"
PDF_VERSION = (1, 6)  # the lowest version PDF/X-4 allows


class PdfxInfo(pdfdoc.PDFInfo):
    """The Info dictionary with the PDF/X version key."""

    def format(self, document):
        date = pdfdoc.PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
        fields = {"Title": self.title, "Author": self.author, "Producer": self.producer, "Creator": self.creator,
                  "Subject": self.subject, "Keywords": self.keywords, "GTS_PDFXVersion": PDFX_VERSION}
        entries = {key: pdfdoc.PDFString(value) for key, value in fields.items()}
        entries.update(CreationDate=date, ModDate=date, Trapped=pdfdoc.PDFName(self.trapped))
        return pdfdoc.PDFDictionary(entries).format(document)


def mark_pdfx(canvas: Canvas, profile: Profile, title: str) -> None:
    """Give a document the OutputIntent, the PDF/X Info key and XMP metadata; call before the first page ends."""
    doc = canvas._doc
    info = PdfxInfo()
    info.__dict__.update(doc.info.__dict__)
    doc.info = info
    catalog = doc.Catalog
    catalog.__NoDefault__ = list(catalog.__NoDefault__) + ["OutputIntents"]
    catalog.OutputIntents = pdfdoc.PDFArray([doc.Reference(_output_intent(doc, profile))])
    catalog.Metadata = _metadata(doc, title)


def _output_intent(doc, profile: Profile) -> pdfdoc.PDFDictionary:
    """/OutputIntent /S /GTS_PDFX naming the condition, with the profile as DestOutputProfile."""
    stream = pdfdoc.PDFStream(content=_deflated(profile.data))
    stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])
    stream.dictionary["N"] = 4
    return pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("OutputIntent"),
        "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": pdfdoc.PDFString(profile.condition),
        "OutputCondition": pdfdoc.PDFString(profile.description),
        "RegistryName": pdfdoc.PDFString("http://www.color.org"),
        "Info": pdfdoc.PDFString(profile.description),
        "DestOutputProfile": doc.Reference(stream),
    })


@lru_cache(maxsize=4)
def _deflated(data: bytes) -> bytes:
    """A profile compressed once per process, though every CMYK file embeds it."""
    return zlib.compress(data)


def _metadata(doc, title: str):
    """An uncompressed XMP packet repeating the Info dictionary, as PDF/X-4 asks."""
    from xml.sax.saxutils import escape  # here: it loads urllib and http, which an RGB build never needs
    year, month, day, hour, minute, second = doc._timeStamp.YMDhms
    stamp = f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}"
    offset = f"{doc._timeStamp.dhh:+03d}:{doc._timeStamp.dmm:02d}"
    document_id = uuid.uuid5(uuid.NAMESPACE_URL, "pnp:" + title)
    xmp = XMP.format(title=escape(title), date=stamp + offset, producer=escape(doc.info.producer),
                     version=PDFX_VERSION, id=document_id)
    stream = _PlainStream(content=xmp.encode("utf-8"))
    stream.dictionary["Type"] = pdfdoc.PDFName("Metadata")
    stream.dictionary["Subtype"] = pdfdoc.PDFName("XML")
    return stream


class _PlainStream(pdfdoc.PDFStream):
    """A stream written without any filter, readable as text (XMP metadata)."""

    def format(self, document):
        content = document.encrypt.encode(self.content)
        dictionary = pdfdoc.PDFDictionary(dict(self.dictionary.dict, Length=len(content)))
        return pdfdoc.format(dictionary, document) + b"\nstream\n" + content + b"endstream\n"


XMP = """<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
 xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
<xmp:CreateDate>{date}</xmp:CreateDate>
<xmp:ModifyDate>{date}</xmp:ModifyDate>
<xmp:MetadataDate>{date}</xmp:MetadataDate>
<xmp:CreatorTool>pnp</xmp:CreatorTool>
<pdf:Producer>{producer}</pdf:Producer>
<pdf:Trapped>False</pdf:Trapped>
<xmpMM:DocumentID>uuid:{id}</xmpMM:DocumentID>
<xmpMM:InstanceID>uuid:{id}</xmpMM:InstanceID>
<xmpMM:VersionID>1</xmpMM:VersionID>
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>
<pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
