"""Doc Gen (Box API 2025.0): a .docx template made with Python's zipfile (entries deflated by
zlib, as Word writes them), its tags, a batch of documents and their jobs."""

import io
import re
import time
import zipfile

import pytest
from box_sdk_gen import BoxAPIError
from box_sdk_gen.managers.docgen import CreateDocgenBatchV2025R0DestinationFolder
from box_sdk_gen.schemas.v2025_r0.doc_gen_document_generation_data_v2025_r0 import DocGenDocumentGenerationDataV2025R0
from box_sdk_gen.schemas.v2025_r0.file_reference_v2025_r0 import FileReferenceV2025R0

from conftest import read_all

WORD = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def _docx(paragraphs):
    """A minimal .docx: one <w:p> per paragraph, one run per string of the paragraph."""
    body = "".join(
        "<w:p>" + "".join(f'<w:r><w:t xml:space="preserve">{run}</w:t></w:r>' for run in runs) + "</w:p>"
        for runs in paragraphs)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml",
                         '<?xml version="1.0" encoding="UTF-8"?>'
                         '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                         '<Default Extension="xml" ContentType="application/xml"/></Types>')
        archive.writestr("word/document.xml",
                         f'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="{WORD}"><w:body>{body}</w:body></w:document>')
    return buffer.getvalue()


def _paragraphs(docx):
    """The text of each paragraph of a .docx's body."""
    with zipfile.ZipFile(io.BytesIO(docx)) as archive:
        xml = archive.read("word/document.xml").decode()
    return ["".join(re.findall(r"<w:t(?:\s[^>]*)?>([^<]*)</w:t>", paragraph)) for paragraph in xml.split("<w:p>")[1:]]


INVOICE = [
    ["Invoice ", "{{ invoice", ".number }}"],
    ["Bill to: {{ customer.name }}"],
    ["Lines: {{ for line in lines }}{{ line.text }}{{ endfor }}"],
]


@pytest.fixture
def template(admin, workspace, upload):
    """The invoice template, uploaded and marked as a Doc Gen template."""
    file = upload(workspace.id, "invoice.docx", _docx(INVOICE))
    admin.docgen_template.create_docgen_template_v2025_r0(FileReferenceV2025R0(id=file.id))
    return file


def test_template_is_listed_with_its_file_name(admin, template):
    listed = admin.docgen_template.get_docgen_templates_v2025_r0()
    read = admin.docgen_template.get_docgen_template_by_id_v2025_r0(template.id)

    assert template.id in [entry.file.id for entry in listed.entries]
    assert read.file_name == "invoice.docx"


def test_tags_are_read_from_the_deflated_document(admin, template):
    tags = admin.docgen_template.get_docgen_template_tags_v2025_r0(template.id).entries

    assert [(tag.tag_content, tag.tag_type.value if hasattr(tag.tag_type, "value") else tag.tag_type) for tag in tags] == [
        ("{{ invoice.number }}", "text"),
        ("{{ customer.name }}", "text"),
        ("{{ for line in lines }}", "for-loop"),
        ("{{ line.text }}", "text"),
    ]
    assert tags[2].json_paths == ["lines"]


def test_a_batch_makes_documents_with_the_tags_replaced(admin, workspace, template):
    batch = admin.docgen.create_docgen_batch_v2025_r0(
        FileReferenceV2025R0(id=template.id), "api", CreateDocgenBatchV2025R0DestinationFolder(id=workspace.id), "docx",
        [DocGenDocumentGenerationDataV2025R0(generated_file_name=f"invoice-{number}",
                                             user_input={"invoice": {"number": number}, "customer": {"name": name}})
         for number, name in [(101, "Ada Lovelace"), (102, "Alan Turing")]])

    # A client polls the batch's jobs until none is still on its way, as with Box.
    # (Kept: the batch runs in the server's background, and asking again is the only way the
    # API offers to learn it has finished.)
    for _ in range(50):
        jobs = admin.docgen.get_docgen_batch_job_by_id_v2025_r0(batch.id).entries
        if all(job.status not in ("submitted", "pending") for job in jobs):
            break
        time.sleep(0.1)

    assert [str(getattr(job.status, "value", job.status)) for job in jobs] == ["completed", "completed"]
    document = read_all(admin.downloads.download_file(jobs[1].output_file.id))
    assert _paragraphs(document)[:2] == ["Invoice 102", "Bill to: Alan Turing"]
    names = [item.name for item in admin.folders.get_folder_items(workspace.id).entries]
    assert sorted(names) == ["invoice-101.docx", "invoice-102.docx", "invoice.docx"]


def test_jobs_are_listed_for_their_creator(admin, workspace, template):
    admin.docgen.create_docgen_batch_v2025_r0(
        FileReferenceV2025R0(id=template.id), "api", CreateDocgenBatchV2025R0DestinationFolder(id=workspace.id), "docx",
        [DocGenDocumentGenerationDataV2025R0(generated_file_name="listed", user_input={})])

    by_template = admin.docgen_template.get_docgen_template_job_by_id_v2025_r0(template.id).entries
    job = admin.docgen.get_docgen_job_by_id_v2025_r0(by_template[0].id)
    everything = admin.docgen.get_docgen_jobs_v2025_r0().entries

    assert job.template_file.id == template.id
    assert job.id in [entry.id for entry in everything]


def test_a_request_without_the_version_header_is_refused(admin):
    with pytest.raises(BoxAPIError) as raised:
        admin.docgen.get_docgen_jobs_v2025_r0(extra_headers={"box-version": None})

    assert raised.value.response_info.status_code == 400
    assert raised.value.response_info.code == "invalid_api_version"
